import { trackerProtocols, type TrackerProtocol } from '#shared/fleet_enums'

/**
 * BENCH_PROTOCOL: the family the bench devices speak (teltonika by default; any registered
 * family: the simulator has a device client for each).
 */
export function benchProtocol(): TrackerProtocol {
  const name = process.env.BENCH_PROTOCOL?.trim() || 'teltonika'
  const protocol = trackerProtocols.find((candidate) => candidate === name)
  if (!protocol) {
    throw new Error(`BENCH_PROTOCOL takes one of ${trackerProtocols.join(', ')}, not "${name}"`)
  }
  return protocol
}
