import { routesOf, type Route } from './routes.js'

/**
 * Who simulated vehicle k is: its IMEI (first IMEI + k), its plate (Istanbul style for even k,
 * Estonian for odd k) and the loop it drives (in Istanbul for even k, Tallinn for odd k).
 */
export const IMEI_DIGITS = 15

/** The IMEI of vehicle k: `firstImei` + k, as 15 digits (zero-padded). */
export function imeiFor(firstImei: string, k: number): string {
  if (!/^\d{1,15}$/.test(firstImei)) throw new RangeError('the first IMEI must be 1 to 15 digits')
  if (!Number.isInteger(k) || k < 0) throw new RangeError('the vehicle index must be >= 0')
  const imei = (BigInt(firstImei) + BigInt(k)).toString().padStart(IMEI_DIGITS, '0')
  if (imei.length > IMEI_DIGITS) throw new RangeError(`IMEI ${imei} has more than 15 digits`)
  return imei
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVYZ'

function letters(value: number, count: number): string {
  let text = ''
  let rest = value
  for (let i = 0; i < count; i++) {
    text = LETTERS[rest % LETTERS.length] + text
    rest = Math.floor(rest / LETTERS.length)
  }
  return text
}

/** "34 ABC 123" (Istanbul) for even k, "123 ABC" (Estonia) for odd k; distinct for each k. */
export function plateFor(k: number): string {
  const n = Math.floor(k / 2)
  const digits = String(100 + (n % 900))
  const series = letters(Math.floor(n / 900) * 7 + (n % 7), 3)
  return k % 2 === 0 ? `34 ${series} ${digits}` : `${digits} ${series}`
}

/** The loop vehicle k drives. */
export function routeFor(k: number): Route {
  const routes = routesOf(k % 2 === 0 ? 'istanbul' : 'tallinn')
  return routes[Math.floor(k / 2) % routes.length]
}
