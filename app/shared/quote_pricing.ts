/**
 * The quote price list and the one computation of a quote's totals (offer page, stored
 * quote, quote page and PDF). Pure TypeScript: the offer page imports it to show live
 * totals, the server recomputes with it and stores the result. Money is integer cents.
 *
 * Discount rules (documented in README.md):
 * - vehicles = the number of trackers on the quote (GPS, OBD and EV trackers);
 * - extra discount: 5% from 10 vehicles, 10% from 50 vehicles, on the one-time part
 *   (devices, sensors and installation);
 * - the monthly fee is 9 EUR per vehicle; the first month is 10% off (pricing page);
 * - total discount = extra discount + first-month discount.
 */

export const MONTHLY_FEE_CENTS = 900
export const FIRST_MONTH_DISCOUNT_PERCENT = 10
export const QUOTE_VALIDITY_DAYS = 30
export const MAX_QUANTITY = 10_000
export const QUOTE_TERMS = [12, 24] as const
export type QuoteTerm = (typeof QUOTE_TERMS)[number]

export const productKinds = ['tracker', 'sensor', 'service'] as const
export type ProductKind = (typeof productKinds)[number]

export const products = [
  { key: 'gps_tracker', kind: 'tracker', unitPriceCents: 8900 },
  { key: 'obd_tracker', kind: 'tracker', unitPriceCents: 5900 },
  { key: 'ev_tracker', kind: 'tracker', unitPriceCents: 11900 },
  { key: 'rfid_reader', kind: 'sensor', unitPriceCents: 3900 },
  { key: 'temperature_sensor', kind: 'sensor', unitPriceCents: 4900 },
  { key: 'fuel_sensor', kind: 'sensor', unitPriceCents: 14900 },
  { key: 'door_sensor', kind: 'sensor', unitPriceCents: 1900 },
  { key: 'sos_button', kind: 'sensor', unitPriceCents: 1500 },
  { key: 'special_sensor_connection', kind: 'service', unitPriceCents: 3500 },
  { key: 'installation', kind: 'service', unitPriceCents: 3000 },
] as const satisfies readonly { key: string; kind: ProductKind; unitPriceCents: number }[]

export type ProductKey = (typeof products)[number]['key']
export const productKeys = products.map((product) => product.key) as ProductKey[]

/** Highest tier first. */
export const volumeDiscountTiers = [
  { minVehicles: 50, percent: 10 },
  { minVehicles: 10, percent: 5 },
] as const

export type Quantities = Partial<Record<ProductKey, number>>

export interface QuoteLine {
  key: ProductKey
  kind: ProductKind
  quantity: number
  unitPriceCents: number
  totalCents: number
}

export interface QuoteTotals {
  lines: QuoteLine[]
  vehicleCount: number
  subtotalCents: number
  extraDiscountPercent: number
  extraDiscountCents: number
  /** One-time total after the extra discount. */
  totalCents: number
  monthlyFeeCents: number
  firstMonthDiscountCents: number
  firstMonthFeeCents: number
  totalDiscountCents: number
  /** What the first invoice comes to: the one-time total plus the first month. */
  dueNowCents: number
}

/** A percentage of an amount in cents, rounded half up to a whole cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100)
}

export function volumeDiscountPercent(vehicles: number): number {
  return volumeDiscountTiers.find((tier) => vehicles >= tier.minVehicles)?.percent ?? 0
}

function cleanQuantity(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) return 0
  return Math.min(MAX_QUANTITY, Math.max(0, Math.floor(number)))
}

/** The quote for the given quantities; unknown products and non-positive quantities are left out. */
export function computeQuote(quantities: Quantities): QuoteTotals {
  const lines: QuoteLine[] = []
  for (const product of products) {
    const quantity = cleanQuantity(quantities[product.key])
    if (quantity === 0) continue
    lines.push({
      key: product.key,
      kind: product.kind,
      quantity,
      unitPriceCents: product.unitPriceCents,
      totalCents: quantity * product.unitPriceCents,
    })
  }
  const vehicleCount = lines
    .filter((line) => line.kind === 'tracker')
    .reduce((sum, line) => sum + line.quantity, 0)
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0)
  const extraDiscountPercent = volumeDiscountPercent(vehicleCount)
  const extraDiscountCents = percentOf(subtotalCents, extraDiscountPercent)
  const totalCents = subtotalCents - extraDiscountCents
  const monthlyFeeCents = vehicleCount * MONTHLY_FEE_CENTS
  const firstMonthDiscountCents = percentOf(monthlyFeeCents, FIRST_MONTH_DISCOUNT_PERCENT)
  const firstMonthFeeCents = monthlyFeeCents - firstMonthDiscountCents
  return {
    lines,
    vehicleCount,
    subtotalCents,
    extraDiscountPercent,
    extraDiscountCents,
    totalCents,
    monthlyFeeCents,
    firstMonthDiscountCents,
    firstMonthFeeCents,
    totalDiscountCents: extraDiscountCents + firstMonthDiscountCents,
    dueNowCents: totalCents + firstMonthFeeCents,
  }
}

/** EUR cents to TRY kuruş at `rate` TRY per EUR (4 decimals), rounded half up. */
export function convertCents(cents: number, rate: number): number {
  return Math.round((cents * Math.round(rate * 10_000)) / 10_000)
}

const intlLocales = { en: 'en-GB', tr: 'tr-TR' } as const

/** "€1,234.50" / "€1.234,50", "₺44,50"; `trimZeros` writes whole amounts without cents ("€9"). */
export function formatMoney(
  cents: number,
  currency: 'EUR' | 'TRY',
  locale: 'en' | 'tr',
  options: { trimZeros?: boolean } = {}
): string {
  const digits = options.trimZeros && cents % 100 === 0 ? 0 : 2
  return new Intl.NumberFormat(intlLocales[locale], {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100)
}

export function formatNumber(value: number, locale: 'en' | 'tr', fractionDigits = 0): string {
  return new Intl.NumberFormat(intlLocales[locale], {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value)
}
