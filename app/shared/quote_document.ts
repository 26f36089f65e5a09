/** The quote document as its page and its PDF show it (app/transformers/site/quote_transformer.ts). */
export type Amount = { cents: number; eur: string; try: string }

export type QuoteOffice = {
  code: 'ee' | 'tr'
  country: string
  legalName: string
  addressLines: string[]
  registryCode: string
  taxId: string
  email: string
  phone: string
}

export type QuoteDocument = {
  number: string
  companyName: string
  email: string
  note: string | null
  termMonths: number
  vehicleCount: number
  issuedOn: string
  validUntil: string
  lines: { key: string; name: string; quantity: number; unitPrice: string; total: string }[]
  extraDiscountPercent: number
  firstMonthDiscountPercent: number
  monthlyFeePerVehicle: string
  amounts: Record<
    | 'subtotal'
    | 'extraDiscount'
    | 'total'
    | 'monthlyFee'
    | 'firstMonthDiscount'
    | 'firstMonthFee'
    | 'totalDiscount'
    | 'dueNow',
    Amount
  >
  rate: { value: string; date: string }
  offices: QuoteOffice[]
  terms: string[]
  links: { page: string; pdf: string }
}
