import { randomBytes, timingSafeEqual } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Session } from '@adonisjs/session'
import siteConfig from '#config/site'
import Quote from '#models/quote'
import QuoteItem from '#models/quote_item'
import type { Locale } from '#shared/locales'
import {
  QUOTE_VALIDITY_DAYS,
  computeQuote,
  type Quantities,
  type QuoteTerm,
} from '#shared/quote_pricing'

/** TRY per EUR when EUR_TRY_RATE is not set (the rate of 2026-11-20; documented in README.md). */
export const DEFAULT_EUR_TRY_RATE = 49.5
export const DEFAULT_EUR_TRY_RATE_DATE = '2026-11-20'

export class EmptyQuoteError extends Error {}

/**
 * The EUR -> TRY rate printed on new quotes and the date it is valid for: EUR_TRY_RATE and
 * EUR_TRY_RATE_DATE, else the documented default. A quote stores the rate it was made with.
 */
export function exchangeRate(): { rate: number; date: DateTime } {
  const configured = Number(siteConfig.eurTryRate.rate)
  if (Number.isFinite(configured) && configured > 0) {
    const date = DateTime.fromISO(siteConfig.eurTryRate.date, { zone: 'utc' })
    return { rate: Math.round(configured * 10_000) / 10_000, date: date.isValid ? date : today() }
  }
  return { rate: DEFAULT_EUR_TRY_RATE, date: DateTime.fromISO(DEFAULT_EUR_TRY_RATE_DATE) }
}

function today() {
  return DateTime.utc().startOf('day')
}

/** Q-<year>-<6 digits>, from a database sequence: unique across processes. */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `Q-${year}-${String(sequence).padStart(6, '0')}`
}

export interface QuoteRequest {
  companyName: string
  email: string
  note: string | null
  termMonths: QuoteTerm
  quantities: Quantities
  locale: Locale
  ip: string | null
  userAgent: string | null
}

/** Prices the request with the shared price list and stores it as a new numbered quote. */
export async function createQuote(request: QuoteRequest): Promise<Quote> {
  const totals = computeQuote(request.quantities)
  if (totals.lines.length === 0) throw new EmptyQuoteError()
  const { rate, date } = exchangeRate()
  const now = DateTime.utc()

  return db.transaction(async (trx) => {
    const result = await trx.rawQuery<{ rows: { value: string }[] }>(
      "SELECT nextval('quote_number_seq') AS value"
    )
    const quote = await Quote.create(
      {
        number: formatQuoteNumber(now.year, Number(result.rows[0].value)),
        accessToken: randomBytes(24).toString('base64url'),
        companyName: request.companyName,
        email: request.email,
        note: request.note,
        locale: request.locale,
        termMonths: request.termMonths,
        vehicleCount: totals.vehicleCount,
        currency: 'EUR',
        subtotalCents: totals.subtotalCents,
        extraDiscountPercent: totals.extraDiscountPercent,
        extraDiscountCents: totals.extraDiscountCents,
        totalCents: totals.totalCents,
        monthlyFeeCents: totals.monthlyFeeCents,
        firstMonthDiscountCents: totals.firstMonthDiscountCents,
        totalDiscountCents: totals.totalDiscountCents,
        dueNowCents: totals.dueNowCents,
        exchangeRate: rate.toFixed(4),
        exchangeRateDate: date,
        validUntil: now.startOf('day').plus({ days: QUOTE_VALIDITY_DAYS }),
        ip: request.ip,
        userAgent: request.userAgent?.slice(0, 500) ?? null,
      },
      { client: trx }
    )
    await QuoteItem.createMany(
      totals.lines.map((line, index) => ({
        quoteId: quote.id,
        productKey: line.key,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.totalCents,
        position: index,
      })),
      { client: trx }
    )
    return quote
  })
}

/** The quotes this browser may open again without the link's token (kept in the session). */
export const QUOTES_SESSION_KEY = 'site_quotes'
const REMEMBERED_QUOTES = 20

export function rememberQuote(session: Session, quote: Quote) {
  const known = knownQuotes(session).filter((id) => id !== quote.id)
  session.put(QUOTES_SESSION_KEY, [...known, quote.id].slice(-REMEMBERED_QUOTES))
}

export function knownQuotes(session: Session): number[] {
  const value = session.get(QUOTES_SESSION_KEY, [])
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []
}

export function tokenMatches(quote: Quote, token: unknown): boolean {
  const given = Buffer.from(typeof token === 'string' ? token : '')
  const expected = Buffer.from(quote.accessToken)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * A quote by number, for whoever holds its link's token or requested it in this session:
 * numbers are sequential, the token is what makes a quote private. Anyone else gets
 * E_ROW_NOT_FOUND (404), as for a number that does not exist.
 */
export async function findQuote(
  number: string,
  access: { token?: unknown; knownIds?: number[] }
): Promise<Quote> {
  const quote = await Quote.query().where('number', number).preload('items').firstOrFail()
  const allowed =
    (access.knownIds ?? []).includes(quote.id) ||
    (access.token !== undefined && tokenMatches(quote, access.token))
  if (!allowed) {
    const { errors } = await import('@adonisjs/lucid')
    throw new errors.E_ROW_NOT_FOUND()
  }
  quote.items.sort((a, b) => a.position - b.position)
  return quote
}
