/**
 * The currency of the reports' amounts: every cost a report sums is in Turkish lira (fuel log
 * receipts in the company's lira, fleet records converted by `tlSql` in `app/reports/fleet.ts`).
 * A column that declares it reads as money: "₺1.234,50" on the page, in the PDF and in the
 * totals, a number with a money format in XLSX, its header naming the currency in CSV and XLSX.
 */
export const REPORT_CURRENCY = 'TRY'

/** The column fields of an amount in the reports' currency. */
export const money = { kind: 'number', currency: REPORT_CURRENCY } as const
