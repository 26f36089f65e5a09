import type { NormalizedEvent, Position } from '../../position.js'
import { trackerProtocolDefinition } from '../../protocols/registry.js'
import { batteryStateOf, judgeBatteryState } from '../battery_filter.js'
import { initialPlausibilityState } from '../plausibility_state.js'
import type { EventRow } from '../enrich.js'
import type { PipelineHandler } from './handler.js'

export function eventRow(event: NormalizedEvent, position: Position): EventRow {
  return {
    time: event.fixTime,
    code: event.code,
    state: event.state ?? null,
    latitude: position.valid ? position.latitude : null,
    longitude: position.valid ? position.longitude : null,
    attributes: event.attributes ?? {},
  }
}

/** The protocol's own events (harsh driving, inputs, alarms) in the spec's codes. */
export const protocolEventsHandler: PipelineHandler = {
  name: 'protocol-events',
  position({ device, before, position, result }) {
    for (const event of trackerProtocolDefinition(device.protocol).events(before, position)) {
      result.events.push(eventRow(event, position))
    }
  },
}

/** Every position's attributes over the device's previous ones. */
export const mergeHandler: PipelineHandler = {
  name: 'merge',
  position(context) {
    context.merged = { ...context.before, ...context.attributes }
  },
}

/**
 * Battery states NOV…INV from the external voltage and ignition (not for phones), debounced
 * (docs/plausibility.md): a voltage within BATTERY_DEAD_BAND_V of a threshold keeps the state
 * reported, and a new state becomes an event only after BATTERY_MIN_DWELL_MS. The engine
 * starting or stopping, and a missing or invalid voltage, change the state at once.
 */
export const batteryHandler: PipelineHandler = {
  name: 'battery',
  position({ device, state, before, merged, position, result }) {
    if (device.protocol === 'osmand') return
    const memory = (state.plausibility ??= initialPlausibilityState())
    const firstPosition = state.fixTime === null
    if (memory.battery.confirmed === null && !firstPosition) {
      // A state kept before the filter existed: the previous reading is the reported state.
      memory.battery.confirmed = batteryStateOf(before)
    }
    const code = judgeBatteryState(memory.battery, merged, position.fixTime.getTime())
    if (!code) return
    const attributes: Record<string, unknown> = {}
    if (merged.power !== undefined) attributes.power = merged.power
    result.events.push(eventRow({ code, fixTime: position.fixTime, attributes }, position))
  },
}

/** 105 A/F when the speed goes over / back under the vehicle's limit. */
export const overspeedHandler: PipelineHandler = {
  name: 'overspeed',
  position({ device, state, position, result, implausibleFix }) {
    // A fix judged implausible says nothing of the speed (its own may be as wrong as its place).
    if (implausibleFix) return
    const overLimit =
      device.speedLimit !== null && position.valid && position.speed > device.speedLimit
    if (overLimit !== state.overspeed) {
      result.events.push(
        eventRow(
          {
            code: '105',
            state: overLimit ? 'A' : 'F',
            fixTime: position.fixTime,
            attributes: { speed: position.speed, speedLimit: device.speedLimit },
          },
          position
        )
      )
    }
    state.overspeed = overLimit
  },
}
