import { BaseTransformer } from '@adonisjs/core/transformers'

export type BankAccount = { accountName: string; bankName: string; iban: string; swift: string }

/**
 * The bank account a transfer pays into (config/billing.ts), as the payment settings page
 * prints it. The page's type is generated from this class (`Data.Account.BankAccount`).
 */
export default class BankAccountTransformer extends BaseTransformer<BankAccount> {
  toObject() {
    const bank = this.resource
    return {
      accountName: bank.accountName,
      bankName: bank.bankName,
      iban: bank.iban,
      swift: bank.swift,
    }
  }
}

export function bankAccountForPage(bank: BankAccount) {
  return new BankAccountTransformer(bank).toObject()
}
