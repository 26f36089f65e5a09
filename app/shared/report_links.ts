/** Which columns of a report's row lead to the history playback (ReportSpec.playback). */
export type PlaybackColumns = {
  time: string
  until?: string
}

/** "2026-03-02T23:40:00.000+03:00" (a report's datetime, in the user's zone) as its local parts. */
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/

/**
 * The history page's query that plays a report row back: its vehicle over the local days from
 * the row's time to its end, opened at the row's time. Null when the row has no vehicle or time.
 */
export function playbackQuery(
  row: Record<string, unknown>,
  columns: PlaybackColumns
): URLSearchParams | null {
  const deviceId = row.deviceId
  const start = LOCAL.exec(String(row[columns.time] ?? ''))
  if (deviceId === null || deviceId === undefined || !start) return null
  const end = (columns.until && LOCAL.exec(String(row[columns.until] ?? ''))) || start
  return new URLSearchParams({
    deviceId: String(deviceId),
    from: start[1],
    to: end[1] < start[1] ? start[1] : end[1],
    at: `${start[1]}T${start[2]}`,
  })
}
