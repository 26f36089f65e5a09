/**
 * The Transmit (SSE) channel of a company's live updates, and what travels on it.
 * Imported by the listener (publisher), the web app (authorization) and pages.
 */
export function companyLiveChannel(companyId: number) {
  return `companies/${companyId}/live`
}

/**
 * The live channel of one vehicle group of a company: the same messages as the company's
 * channel, for that group's vehicles only. Members limited to vehicle groups (issue 27) follow
 * these instead of the company's channel, which they may not subscribe to.
 */
export function groupLiveChannel(companyId: number, groupId: number) {
  return `companies/${companyId}/groups/${groupId}/live`
}

/** The channels a member follows: the company's, or one per group they are limited to. */
export function liveChannelsOf(companyId: number, deviceGroupIds: number[] | null) {
  return deviceGroupIds === null
    ? [companyLiveChannel(companyId)]
    : deviceGroupIds.map((groupId) => groupLiveChannel(companyId, groupId))
}

export interface LivePositionMessage {
  type: 'position'
  deviceId: number
  fixTime: string | null
  latitude: number | null
  longitude: number | null
  speed: number
  course: number
  liveStatus: 'moving' | 'idle' | 'stopped'
  online: boolean
  ignition: boolean | null
  odometer: number
}

export interface LiveEventMessage {
  type: 'event'
  deviceId: number
  time: string
  code: string
  state: 'A' | 'F' | null
  latitude: number | null
  longitude: number | null
}

export interface LiveCommandMessage {
  type: 'command'
  id: number
  deviceId: number
  status: 'sent' | 'answered' | 'failed'
  response: string | null
}

export interface LiveStatusMessage {
  type: 'status'
  deviceId: number
  online: boolean
}

export type LiveMessage =
  LivePositionMessage | LiveEventMessage | LiveCommandMessage | LiveStatusMessage

/**
 * Several messages of one moment in one broadcast (a committed batch of many vehicles), in
 * the order they happened: one Redis publish and one Server-Sent Event instead of one each.
 */
export interface LiveBatchMessage {
  type: 'batch'
  messages: LiveMessage[]
}

/** What a broadcast on the channel carries. */
export type LiveBroadcast = LiveMessage | LiveBatchMessage
