import env from '#start/env'

/**
 * Billing settings from the environment (README "Accounts and billing"). Read when used
 * (getters), so tests may change them at run time.
 */
const billingConfig = {
  /** Bank details printed on invoices paid by bank transfer. */
  get bank() {
    return {
      accountName: (env.get('BANK_ACCOUNT_NAME') ?? 'FleetTrack Teknoloji A.Ş.').trim(),
      bankName: (env.get('BANK_NAME') ?? 'Example Bank').trim(),
      iban: (env.get('BANK_IBAN') ?? 'TR00 0000 0000 0000 0000 0000 00').trim(),
      swift: (env.get('BANK_SWIFT') ?? '').trim(),
    }
  },
  /** Days after a subscription's end before the vehicle shows as expired (BILLING_GRACE_DAYS). */
  get graceDays(): number {
    const value = Number(env.get('BILLING_GRACE_DAYS'))
    return Number.isInteger(value) && value >= 0 ? value : 7
  },
  /** Days a bank-transfer invoice gives to pay it (INVOICE_DUE_DAYS); a card pays at once. */
  get invoiceDueDays(): number {
    const value = Number(env.get('INVOICE_DUE_DAYS'))
    return Number.isInteger(value) && value >= 0 && value <= 365 ? value : 14
  },
  /** Days before the end on which reminders go out, when other settings give none. */
  get reminderDays(): number[] {
    return [30, 7, 1]
  },
}

export default billingConfig
