/**
 * The one check for every redirect whose target comes from the visitor (the
 * language switch's `to`, the path kept for after sign-in): only a path on this
 * site passes, whatever encoding or browser leniency an attacker leans on.
 *
 * Browsers treat `\` as `/`, drop tabs and newlines anywhere in a URL and trim
 * spaces and control characters around it, so `/\evil.example`, `/\t/evil.example`
 * and `//evil.example` all leave the site. Values may also arrive decoded once
 * more than expected (`%2F%2Fevil`, `%5Cevil`), so every decoding of the value
 * must be a safe path too.
 */

const ORIGIN = 'http://local.invalid'
/** C0 controls and DEL: never part of a path we send back. */
function hasControl(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}
const MAX_DECODINGS = 4

/**
 * The candidate as the browser will resolve it (dot segments such as `/.//`, `/%2e//`
 * and `/a/..//` removed, backslashes turned into slashes), or null when that leaves
 * the site or starts with `//`, which a browser reads as another host.
 */
function normalizedAt(candidate: string): URL | null {
  if (hasControl(candidate) || candidate !== candidate.trim()) return null
  const slashed = candidate.replaceAll('\\', '/')
  if (!slashed.startsWith('/') || slashed.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(candidate, ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== ORIGIN) return null
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null
  return url
}

/** Decodes every valid percent-escape run; a stray `%` (as in `?q=100%`) stays as it is. */
function decodeOnce(value: string): string {
  return value.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * The value as a same-origin path (path, query and fragment, re-serialized so that
 * backslashes become slashes), or null when it is anything else.
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  const url = normalizedAt(value)
  if (!url) return null
  let current = value
  for (let round = 0; round < MAX_DECODINGS; round++) {
    const decoded = decodeOnce(current)
    if (decoded === current) break
    if (!normalizedAt(decoded)) return null
    current = decoded
  }
  if (decodeOnce(current) !== current) return null
  return `${url.pathname}${url.search}${url.hash}`
}

export function isLocalPath(value: unknown): value is string {
  return localPath(value) !== null
}

/** The visitor's target when it is a path on this site, else the fallback. */
export function localPathOr(value: unknown, fallback: string): string {
  return localPath(value) ?? fallback
}
