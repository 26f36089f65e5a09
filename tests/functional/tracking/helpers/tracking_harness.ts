import { Logger } from '@adonisjs/core/logger'
import type { CommandUpdate } from '#tracking/server/command_dispatcher'
import type { DeviceContext, EventRow } from '#tracking/pipeline/enrich'
import type { LiveState } from '#tracking/pipeline/live_state'
import { TrackingService } from '#tracking/tracking_service'
import type { TcpServerLimits } from '#tracking/server/tcp_tracker_server'
import { ephemeralTrackingPorts } from '#tracking/protocols/registry'

/** A publisher that keeps what the listener publishes, for assertions. */
export class RecordingPublisher {
  readonly positions: { companyId: number; deviceId: number; state: LiveState }[] = []
  readonly events: { companyId: number; deviceId: number; event: EventRow }[] = []
  readonly commands: CommandUpdate[] = []
  readonly offlines: { companyId: number; deviceId: number }[] = []

  position(device: DeviceContext, state: LiveState) {
    this.positions.push({ companyId: device.companyId, deviceId: device.id, state })
  }

  event(device: DeviceContext, event: EventRow) {
    this.events.push({ companyId: device.companyId, deviceId: device.id, event })
  }

  command(update: CommandUpdate) {
    this.commands.push(update)
  }

  offline(companyId: number, deviceId: number) {
    this.offlines.push({ companyId, deviceId })
  }
}

export function silentLogger(): Logger {
  return new Logger({ enabled: false, name: 'tracking-test' })
}

/** A listener on ephemeral ports of 127.0.0.1, publishing into a RecordingPublisher. */
export async function startTrackingService(limits: Partial<TcpServerLimits> = {}) {
  const publisher = new RecordingPublisher()
  const service = new TrackingService({
    host: '127.0.0.1',
    ports: ephemeralTrackingPorts(),
    logger: silentLogger(),
    publisher,
    limits,
  })
  await service.start()
  return { service, publisher }
}

export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'condition'
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let imeiSequence = 0

/** A 15-digit first IMEI no other test of this run uses (room for 1,000 vehicles). */
export function uniqueFirstImei(): string {
  imeiSequence = (imeiSequence + 1) % 10
  return `87${String(Date.now()).slice(-9)}${imeiSequence}000`
}
