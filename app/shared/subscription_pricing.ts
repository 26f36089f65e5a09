/**
 * The one computation of what a subscription extension or a product order costs: the
 * subscriptions page shows it before ordering, the order stores it and the invoice prints
 * it. Pure TypeScript (no clock, no database): callers pass today's date, the discount code
 * as stored and the EUR -> TRY rate. Money is integer cents; every percentage is rounded
 * half up to a whole cent (percentOf of quote_pricing).
 *
 * Rules (spec §9, README "Accounts and billing"):
 * - the Premium plan costs 9 EUR per vehicle per month;
 * - extending by 1, 3, 6, 9 or 12 months takes 0, 4, 10, 16 or 20 % off the months ordered;
 * - a new vehicle (its first paid period) gets 10 % off its first month, after the extension
 *   discount: 10 % of the first month as discounted (9 EUR x (100 - extension %));
 * - a discount code (percentage or fixed amount, validity dates, usage limit) applies to what
 *   is left after those discounts; a fixed code never takes the amount below zero;
 * - VAT 20 % on the net total;
 * - the total in TRY at the configured rate is shown beside the EUR amount.
 */
import {
  MONTHLY_FEE_CENTS,
  computeQuote,
  convertCents,
  percentOf,
  type Quantities,
  type QuoteLine,
} from './quote_pricing.js'

export const PLAN_MONTHLY_CENTS = MONTHLY_FEE_CENTS
export const PLAN_FIRST_MONTH_DISCOUNT_PERCENT = 10
export const VAT_PERCENT = 20
export const EXTENSION_MONTHS = [1, 3, 6, 9, 12] as const
export type ExtensionMonths = (typeof EXTENSION_MONTHS)[number]

export const EXTENSION_DISCOUNT_PERCENT: Record<ExtensionMonths, number> = {
  1: 0,
  3: 4,
  6: 10,
  9: 16,
  12: 20,
}

/** A discount code as stored (discount_codes), dates as ISO dates (yyyy-MM-dd). */
export type DiscountCodeTerms = {
  code: string
  kind: 'percent' | 'fixed'
  /** Percent (1..100) for 'percent', EUR cents for 'fixed'. */
  value: number
  validFrom: string | null
  validUntil: string | null
  maxUses: number | null
  usedCount: number
}

export type CodeStatus = 'none' | 'applied' | 'not_yet_valid' | 'expired' | 'used_up'

/** Whether a code may be used today; ISO dates compare as strings. */
export function codeStatus(code: DiscountCodeTerms | null | undefined, today: string): CodeStatus {
  if (!code) return 'none'
  if (code.validFrom && today < code.validFrom) return 'not_yet_valid'
  if (code.validUntil && today > code.validUntil) return 'expired'
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return 'used_up'
  return 'applied'
}

function codeDiscount(
  code: DiscountCodeTerms | null | undefined,
  status: CodeStatus,
  baseCents: number
) {
  if (!code || status !== 'applied') return 0
  if (code.kind === 'percent') return percentOf(baseCents, Math.min(100, Math.max(0, code.value)))
  return Math.min(baseCents, Math.max(0, Math.round(code.value)))
}

interface Totals {
  /** After every discount, before VAT. */
  netCents: number
  vatPercent: number
  vatCents: number
  totalCents: number
  /** The total in TRY kuruş at `rate`. */
  totalTryCents: number
  rate: number
}

function withVat(netCents: number, rate: number): Totals {
  const vatCents = percentOf(netCents, VAT_PERCENT)
  const totalCents = netCents + vatCents
  return {
    netCents,
    vatPercent: VAT_PERCENT,
    vatCents,
    totalCents,
    totalTryCents: convertCents(totalCents, rate),
    rate,
  }
}

export interface ExtensionInput {
  /** The vehicles to extend; `isNew` for a vehicle's first paid period. */
  vehicles: { isNew: boolean }[]
  months: ExtensionMonths
  code?: DiscountCodeTerms | null
  /** Today in the buyer's time zone (yyyy-MM-dd), for the code's validity. */
  today: string
  /** TRY per EUR. */
  rate: number
}

export interface ExtensionPrice extends Totals {
  vehicleCount: number
  newVehicleCount: number
  months: ExtensionMonths
  monthlyCents: number
  /** vehicles x months x 9 EUR. */
  grossCents: number
  extensionDiscountPercent: number
  extensionDiscountCents: number
  firstMonthDiscountPercent: number
  firstMonthDiscountCents: number
  code: string | null
  codeStatus: CodeStatus
  codeDiscountCents: number
  /** Every discount together. */
  discountCents: number
}

/** The price of extending `vehicles` by `months` (spec §9). */
export function priceExtension(input: ExtensionInput): ExtensionPrice {
  const vehicleCount = input.vehicles.length
  const newVehicleCount = input.vehicles.filter((vehicle) => vehicle.isNew).length
  const extensionDiscountPercent = EXTENSION_DISCOUNT_PERCENT[input.months]
  const grossCents = vehicleCount * input.months * PLAN_MONTHLY_CENTS
  const extensionDiscountCents = percentOf(grossCents, extensionDiscountPercent)
  const firstMonthCents =
    PLAN_MONTHLY_CENTS - percentOf(PLAN_MONTHLY_CENTS, extensionDiscountPercent)
  const firstMonthDiscountCents =
    newVehicleCount * percentOf(firstMonthCents, PLAN_FIRST_MONTH_DISCOUNT_PERCENT)
  const afterPlanDiscounts = grossCents - extensionDiscountCents - firstMonthDiscountCents
  const status = codeStatus(input.code, input.today)
  const codeDiscountCents = codeDiscount(input.code, status, afterPlanDiscounts)
  const netCents = afterPlanDiscounts - codeDiscountCents
  return {
    vehicleCount,
    newVehicleCount,
    months: input.months,
    monthlyCents: PLAN_MONTHLY_CENTS,
    grossCents,
    extensionDiscountPercent,
    extensionDiscountCents,
    firstMonthDiscountPercent: PLAN_FIRST_MONTH_DISCOUNT_PERCENT,
    firstMonthDiscountCents,
    code: input.code?.code ?? null,
    codeStatus: status,
    codeDiscountCents,
    discountCents: extensionDiscountCents + firstMonthDiscountCents + codeDiscountCents,
    ...withVat(netCents, input.rate),
  }
}

export interface ProductOrderPrice extends Totals {
  lines: QuoteLine[]
  vehicleCount: number
  subtotalCents: number
  volumeDiscountPercent: number
  volumeDiscountCents: number
  code: string | null
  codeStatus: CodeStatus
  codeDiscountCents: number
  discountCents: number
}

/**
 * The price of a product order: the public quote's catalogue and volume discount
 * (quote_pricing), an optional code, VAT 20 %. The subscriptions of the vehicles ordered are
 * billed when they start (first month 10 % off), not here.
 */
export function priceProductOrder(input: {
  quantities: Quantities
  code?: DiscountCodeTerms | null
  today: string
  rate: number
}): ProductOrderPrice {
  const quote = computeQuote(input.quantities)
  const status = codeStatus(input.code, input.today)
  const codeDiscountCents = codeDiscount(input.code, status, quote.totalCents)
  return {
    lines: quote.lines,
    vehicleCount: quote.vehicleCount,
    subtotalCents: quote.subtotalCents,
    volumeDiscountPercent: quote.extraDiscountPercent,
    volumeDiscountCents: quote.extraDiscountCents,
    code: input.code?.code ?? null,
    codeStatus: status,
    codeDiscountCents,
    discountCents: quote.extraDiscountCents + codeDiscountCents,
    ...withVat(quote.totalCents - codeDiscountCents, input.rate),
  }
}
