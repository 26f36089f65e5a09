/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting,
 * refusing connections, a connection killed under us), as opposed to a fault in a query.
 * The web answers these with 503 and the listener acknowledges nothing while they last.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/** SQLSTATEs of a server going away or not taking connections. */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, pg_ctl stop -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
])

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true
    if (code === '55000' && /not currently accepting connections/.test(String(message))) {
      return true
    }
  }
  if (name === 'KnexTimeoutError') return true
  if (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|terminating connection due to administrator command/i.test(
      message
    )
  ) {
    return true
  }
  const nested = (error as { errors?: unknown[]; cause?: unknown }).errors
  if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true
  }
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1)
}
