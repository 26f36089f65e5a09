import type net from 'node:net'
import type { NormalizedEvent, Position, PositionAttributes } from '../position.js'
import type { SessionServices } from '../server/device_session.js'
import type { TcpSession } from '../server/tcp_tracker_server.js'

/** How a family's devices are told to report here: the device profile and the device page. */
export interface ProtocolSetup {
  /** Human name of the family, as device makers and Traccar call it. */
  label: string
  /** How the server address is configured: by SMS commands, or in the phone app's settings. */
  kind: 'sms' | 'app'
  /** The SMS commands (or the app's server URL) that point a device at this server. */
  lines: (target: SetupTarget) => string[]
}

export interface SetupTarget {
  host: string
  port: number
  /** The host is an IPv4 address (some commands differ for a domain name). */
  isIp: boolean
  /** The SIM card's access point name, already cleaned. */
  apn: string
}

/**
 * One tracker protocol family, declared once in its folder and registered in registry.ts:
 * the listener, the device form, the validators, the simulator and the documentation are
 * built from the registered definitions.
 */
export interface ProtocolDefinition<Name extends string = string> {
  name: Name
  /** TCP families get a TcpTrackerServer with `session`; HTTP is the OsmAnd server. */
  transport: 'tcp' | 'http'
  /** Traccar's port for the family, so devices configured for Traccar keep working. */
  defaultPort: number
  /** Whether the server can cut and restore the engine (a relay on an output). */
  engineCommands: boolean
  /** The family's own events (alarms, inputs) in the spec's §9 codes. */
  events: (previous: PositionAttributes | undefined, position: Position) => NormalizedEvent[]
  /** One session per TCP connection: login, frames, acknowledgements, commands. */
  session?: (socket: net.Socket, services: SessionServices) => TcpSession
  setup: ProtocolSetup
}

/** `TRACKER_<NAME>_PORT`: the environment variable that moves a family's port. */
export function portVariable(name: string) {
  return `TRACKER_${name.toUpperCase()}_PORT`
}

export function defineProtocol<const Name extends string>(
  definition: ProtocolDefinition<Name>
): ProtocolDefinition<Name> {
  return definition
}
