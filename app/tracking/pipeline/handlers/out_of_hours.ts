import { outOfHoursEvent } from '../../../services/settings/working_hours.js'
import type { CompanyHours } from '../../working_hours/hours_store.js'
import type { PipelineHandler } from './handler.js'
import { eventRow } from './events.js'

/**
 * Driving outside the company's working hours: OUT_OF_HOURS A when the vehicle starts
 * moving outside them, F when it stops or the working hours begin. The hours come from
 * memory (`hoursOf` never queries); runs after the live status, which says "moving".
 */
export function outOfHoursHandler(hoursOf: (companyId: number) => CompanyHours): PipelineHandler {
  return {
    name: 'out-of-hours',
    position({ device, state, position, result }) {
      const { hours, zone } = hoursOf(device.companyId)
      if (!hours && !state.outOfHours) return
      const { outside, event } = outOfHoursEvent(hours, zone, state.outOfHours, {
        fixTime: position.fixTime,
        moving: state.liveStatus === 'moving',
      })
      if (event) {
        result.events.push(
          eventRow(
            {
              code: event.code,
              state: event.state,
              fixTime: position.fixTime,
              attributes: { speed: position.speed },
            },
            position
          )
        )
      }
      state.outOfHours = outside
    },
  }
}
