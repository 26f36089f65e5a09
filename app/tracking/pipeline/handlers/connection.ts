import type { PipelineHandler } from './handler.js'

/** A frame from a device that was offline raises CONNECTION_ON; the device is online now. */
export const connectionHandler: PipelineHandler = {
  name: 'connection',
  frame({ previous, state, result, receivedAt }) {
    if (!previous.online) {
      result.events.push({
        time: receivedAt,
        code: 'CONNECTION_ON',
        state: null,
        latitude: previous.latitude,
        longitude: previous.longitude,
        attributes: {},
      })
    }
    state.online = true
    state.lastSeenAt = receivedAt.getTime()
  },
}
