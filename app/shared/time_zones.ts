/**
 * The IANA time zones the runtime knows, plus UTC: the only time zones a
 * setting may hold. Luxon alone would also take "UTC+3" or "utc".
 *
 * `Intl.supportedValuesOf('timeZone')` lists ICU's canonical names, which keep
 * some old spellings (America/Buenos_Aires, Asia/Calcutta); the current IANA
 * names of those (America/Argentina/Buenos_Aires, Asia/Kolkata) are accepted
 * when the runtime resolves them to a listed zone. Names must be spelled with
 * IANA's case: "europe/istanbul" is refused.
 */
const zones = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC'])
const IANA_SHAPE = /^[A-Z][A-Za-z_-]*(?:\/[A-Z][A-Za-z0-9_+-]*)+$/

function resolved(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (zones.has(value)) return true
  if (!IANA_SHAPE.test(value)) return false
  const canonical = resolved(value)
  return (
    canonical !== null && zones.has(canonical) && canonical.toLowerCase() !== value.toLowerCase()
  )
}
