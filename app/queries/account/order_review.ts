import type { I18n } from '@adonisjs/i18n'
import type Company from '#models/company'
import BillingProfile from '#models/billing_profile'
import { orderReviewForPage } from '#transformers/account/order_review_transformer'

/** The review step of an order for a company: its billing profile read, shaped for the page. */
export async function orderReview(company: Company, i18n: I18n) {
  const profile = await BillingProfile.find(company.id)
  return orderReviewForPage(company, profile, i18n)
}
