/** A vehicle the member may choose on the history page. */
export type HistoryVehicle = { id: number; name: string; plate: string | null; imei: string }

/** The vehicle and period asked for, and why they were refused (HistoryController). */
export type HistorySelection = {
  deviceId: number | null
  from: string
  to: string
  error: 'invalid' | 'inverted' | 'too_long' | 'expired' | null
  /** The moment the playback opens at (a report row's time), an ISO instant. */
  at?: string | null
}
