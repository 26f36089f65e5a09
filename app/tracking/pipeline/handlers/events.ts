import type { NormalizedEvent, Position } from '../../position.js'
import { trackerProtocolDefinition } from '../../protocols/registry.js'
import { batteryStateOf, judgeBatteryState } from '../battery_filter.js'
import { initialPlausibilityState } from '../plausibility_state.js'
import {
  judgeOverspeed,
  judgeTemperature,
  newDebouncedState,
  type OverspeedState,
  type TemperatureState,
} from '../threshold_state.js'
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

/**
 * 105 A/F when the speed goes over / back under the vehicle's limit, debounced
 * (`judgeOverspeed`): over at once, back under only 3 km/h below the limit for 30 s, so a
 * vehicle hovering on its limit makes one episode. `state.overspeed` (live map, reports) is the
 * debounced state.
 */
export const overspeedHandler: PipelineHandler = {
  name: 'overspeed',
  position({ device, state, position, result, implausibleFix }) {
    // A fix judged implausible says nothing of the speed (its own may be as wrong as its place).
    if (implausibleFix) return
    const memory = (state.plausibility ??= initialPlausibilityState())
    const episode = (memory.overspeed ??= newDebouncedState<OverspeedState>())
    // The live state is the reported one (kept before the filter existed, or reset elsewhere).
    episode.confirmed = state.overspeed ? 'over' : 'under'
    const change = judgeOverspeed(
      episode,
      position.valid ? position.speed : null,
      device.speedLimit,
      position.fixTime.getTime()
    )
    if (!change) return
    state.overspeed = change === 'over'
    result.events.push(
      eventRow(
        {
          code: '105',
          state: change === 'over' ? 'A' : 'F',
          fixTime: position.fixTime,
          attributes: { speed: position.speed, speedLimit: device.speedLimit },
        },
        position
      )
    )
  },
}

/**
 * TEMPERATURE A/F per sensor when a reading leaves / comes back into the company's temperature
 * range (tracking settings `temperatureMinC` / `temperatureMaxC`), debounced
 * (`judgeTemperature`): a state must last 2 minutes, and coming back takes 0.5 °C inside the
 * range, so a sensor hovering at a limit makes one alarm.
 */
export const temperatureHandler: PipelineHandler = {
  name: 'temperature',
  position({ device, state, attributes, position, result }) {
    const range = {
      min: device.settings.temperatureMinC ?? null,
      max: device.settings.temperatureMaxC ?? null,
    }
    const noRange = range.min === null && range.max === null
    const temperatures = attributes.temperatures
    if (!temperatures || typeof temperatures !== 'object') return
    if (noRange && !state.plausibility?.temperatures) return
    const memory = (state.plausibility ??= initialPlausibilityState())
    const sensors = (memory.temperatures ??= {})
    for (const [sensor, value] of Object.entries(temperatures)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue
      const sensorState = (sensors[sensor] ??= newDebouncedState<TemperatureState>('normal'))
      const previous = sensorState.confirmed
      let change: TemperatureState | null
      if (noRange) {
        // No range (any more): an alarm still open ends.
        sensorState.pending = null
        change = sensorState.confirmed = 'normal'
      } else {
        change = judgeTemperature(sensorState, value, range, position.fixTime.getTime())
      }
      if (!change || change === previous) continue
      result.events.push(
        eventRow(
          {
            code: 'TEMPERATURE',
            state: change === 'normal' ? 'F' : 'A',
            fixTime: position.fixTime,
            attributes: {
              sensor,
              temperature: value,
              limit: change === 'normal' ? previous : change,
              min: range.min,
              max: range.max,
            },
          },
          position
        )
      )
    }
  },
}
