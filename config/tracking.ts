import env from '#start/env'
import { trackingPortsFrom } from '#tracking/protocols/registry'

/** Tracker listener settings; the ports default to Traccar's, which installers know. */
const trackingConfig = {
  host: env.get('TRACKER_HOST', '0.0.0.0'),
  /** One per protocol family: `TRACKER_<NAME>_PORT`, else the family's Traccar port. */
  ports: trackingPortsFrom((variable) => env.get(variable)),
  /**
   * Ingest batches committed at the same time, each on its own connection. Two suits this
   * 2-core machine, where PostgreSQL shares the cores with the listener (bench:ingest);
   * a dedicated database server with more cores takes more.
   */
  writeConcurrency: env.get('TRACKER_WRITE_CONCURRENCY', 2),
  /** Seconds a new tracker connection has to log in before it is closed. */
  handshakeSeconds: env.get('TRACKER_HANDSHAKE_SECONDS', 30),
  /** Tracker connections one remote address may hold (0: no cap). */
  maxConnectionsPerAddress: env.get('TRACKER_MAX_CONNECTIONS_PER_ADDRESS', 2000),
  /** File descriptors kept free of tracker connections, for the database and the web. */
  descriptorReserve: env.get('TRACKER_FD_RESERVE', 1000),
  /**
   * Database connections of the listener, shared out among its workers (each takes at
   * least 6: two batches committing, the LISTEN connection, device look-ups).
   */
  databaseConnections: env.get('TRACKER_DB_CONNECTIONS', 8),
  /** Run the listener inside the web process (what `npm start` does). */
  inWebProcess: env.get('TRACKER_LISTENER', false),
  /** Demo fleet size `npm start` simulates on the embedded database (0 = none). */
  demoFleet: env.get('DEMO_FLEET', 0),
}

export default trackingConfig
