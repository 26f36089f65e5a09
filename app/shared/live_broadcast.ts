import type { LiveBroadcast, LiveMessage } from '#tracking/live_channel'

/** The messages a broadcast on a company's live channel carries, in order (a batch or one). */
export function liveMessagesOf(broadcast: LiveBroadcast): LiveMessage[] {
  return broadcast.type === 'batch' ? broadcast.messages : [broadcast]
}
