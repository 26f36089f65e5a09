/**
 * The Transmit (SSE) channel of a company's live updates, and what travels on it.
 * Imported by the listener (publisher), the web app (authorization) and pages.
 */
export function companyLiveChannel(companyId: number) {
  return `companies/${companyId}/live`
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
