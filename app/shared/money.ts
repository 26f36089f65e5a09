import { numberFormat } from './number_format.js'

/**
 * An amount in units as people read it in a language: with its currency ("₺2.025,00",
 * "€1,250.50") when the row has one, else with two decimals.
 */
export function formatMoney(amount: number, currency: string | null, locale: string) {
  if (!Number.isFinite(amount)) return ''
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 }
  try {
    return numberFormat(locale, options).format(amount)
  } catch {
    // Not an ISO currency code: the amount with the code after it.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`
  }
}
