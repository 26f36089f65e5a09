/**
 * The driver card a tracker reports (Teltonika iButton/RFID IO 78 as 16 hex digits, OsmAnd
 * `driverUniqueId`), upper-cased; all zeros means no card is in the reader.
 */
export function driverCard(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value).trim().toUpperCase()
  return text === '' || /^0+$/.test(text) ? null : text
}
