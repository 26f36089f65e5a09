import type { TrackerProtocol } from '../../shared/fleet_enums.js'
import { portVariable, type ProtocolDefinition } from './protocol_definition.js'
import { teltonikaProtocol } from './teltonika/teltonika_protocol.js'
import { gt06Protocol } from './gt06/gt06_protocol.js'
import { osmandProtocol } from './osmand/osmand_protocol.js'
import { h02Protocol } from './h02/h02_protocol.js'
import { gps103Protocol } from './gps103/gps103_protocol.js'
import { meitrackProtocol } from './meitrack/meitrack_protocol.js'
import { ruptelaProtocol } from './ruptela/ruptela_protocol.js'
import { gl200Protocol } from './gl200/gl200_protocol.js'

/**
 * Every tracker protocol family the listener speaks. Adding one: its folder (frame decoder,
 * decoder, encoder, session, events, `<name>_protocol.ts`), a line here, and its name in
 * `trackerProtocols` (app/shared/fleet_enums.ts, which the compiler holds to this list).
 */
const definitions = {
  teltonika: teltonikaProtocol,
  gt06: gt06Protocol,
  osmand: osmandProtocol,
  h02: h02Protocol,
  gps103: gps103Protocol,
  meitrack: meitrackProtocol,
  ruptela: ruptelaProtocol,
  gl200: gl200Protocol,
} satisfies { [Name in TrackerProtocol]: ProtocolDefinition<Name> }

export const trackerProtocolDefinitions: readonly ProtocolDefinition<TrackerProtocol>[] =
  Object.values(definitions)

export function trackerProtocolDefinition(name: TrackerProtocol): ProtocolDefinition {
  return definitions[name]
}

export type TrackingPorts = Record<TrackerProtocol, number>

/**
 * Each family's port from its `TRACKER_<NAME>_PORT` variable, else Traccar's default.
 * A value that is not a port stops the start with the variable's name.
 */
export function trackingPortsFrom(read: (variable: string) => string | undefined): TrackingPorts {
  const ports = {} as TrackingPorts
  for (const definition of trackerProtocolDefinitions) {
    const variable = portVariable(definition.name)
    const text = read(variable)?.trim()
    const port = text ? Number(text) : definition.defaultPort
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new Error(`${variable} must be a port number (0-65535), not "${text}"`)
    }
    ports[definition.name] = port
  }
  return ports
}

/** Every family on an ephemeral port (tests). */
export function ephemeralTrackingPorts(): TrackingPorts {
  return trackingPortsFrom(() => '0')
}

/** `TRACKER_<NAME>_PORT` of every family, for a listener started as a process. */
export function trackingPortVariables(ports: TrackingPorts): Record<string, string> {
  return Object.fromEntries(
    trackerProtocolDefinitions.map((definition) => [
      portVariable(definition.name),
      String(ports[definition.name]),
    ])
  )
}

/** A free port for every family (tests and benchmarks). */
export async function freeTrackingPorts(freePort: () => Promise<number>): Promise<TrackingPorts> {
  const ports = {} as TrackingPorts
  for (const definition of trackerProtocolDefinitions) ports[definition.name] = await freePort()
  return ports
}
