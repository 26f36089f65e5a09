/** Text-to-value helpers shared by the query-string and JSON forms of OsmAnd. */

export const MAX_DEVICE_ID_LENGTH = 128

/** Seconds below this, milliseconds from it (the rule Traccar's OsmAnd decoder uses). */
const SECONDS_LIMIT = 2147483647

/** A finite number, or undefined for empty / non-numeric text. */
export function parseNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : undefined
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false
  let dots = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x2e && dots++ === 0) continue
    if (code < 0x30 || code > 0x39) return false
  }
  return true
}

/**
 * Unix seconds, Unix milliseconds, ISO-8601, or 'yyyy-MM-dd HH:mm:ss' (read as UTC).
 * Null when the text is none of these.
 */
export function parseTimestamp(text: string): Date | null {
  const trimmed = text.trim()
  if (isDigits(trimmed)) {
    const value = Number(trimmed)
    return new Date(value < SECONDS_LIMIT ? value * 1000 : value)
  }
  if (trimmed.length < 10 || trimmed.charCodeAt(4) !== 0x2d || trimmed.charCodeAt(7) !== 0x2d) {
    return null
  }
  const iso =
    trimmed.length === 19 && trimmed.charCodeAt(10) === 0x20
      ? `${trimmed.slice(0, 10)}T${trimmed.slice(11)}Z`
      : trimmed
  const time = Date.parse(iso)
  return Number.isNaN(time) ? null : new Date(time)
}

export function parseBoolean(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase()
  if (lower === 'true' || lower === '1') return true
  if (lower === 'false' || lower === '0') return false
  return undefined
}

/** Extra parameters keep their type: number, boolean, else the text. */
export function attributeValue(text: string): number | boolean | string {
  const number = parseNumber(text)
  if (number !== undefined) return number
  if (text === 'true') return true
  if (text === 'false') return false
  return text
}

export function isValidDeviceId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_DEVICE_ID_LENGTH
}

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180
}

/** Heading in degrees: negative means unknown (0); larger values wrap. */
export function normalizeCourse(value: number | undefined): number {
  if (value === undefined || value < 0) return 0
  return value % 360
}
