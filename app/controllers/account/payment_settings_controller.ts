import type { HttpContext } from '@adonisjs/core/http'
import BillingProfile from '#models/billing_profile'
import billingConfig from '#config/billing'
import {
  BillingMessagesProvider,
  paymentSettingsValidator,
} from '#validators/account/billing_validators'
import { cardProvider } from '#services/billing/iyzico_provider'
import { paymentProfileForForm } from '#transformers/account/payment_profile_transformer'
import { bankAccountForPage } from '#transformers/account/bank_account_transformer'

/** The company's billing contact and e-mail, and its payment method (bank transfer). */
export default class PaymentSettingsController {
  async show(ctx: HttpContext) {
    const profile = await BillingProfile.find(ctx.company!.id)
    return ctx.inertia.render('account/payment_settings', {
      profile: paymentProfileForForm(profile),
      bank: bankAccountForPage(billingConfig.bank),
      cardAvailable: cardProvider() !== null,
      canEdit: await ctx.bouncer.allows('ownCompany'),
    })
  }

  async update({ request, company, session, response, i18n }: HttpContext) {
    const data = await request.validateUsing(paymentSettingsValidator, {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    if (data.payment_method === 'card' && !cardProvider()) {
      session.flash('inputErrorsBag', {
        payment_method: [i18n.t('billing.payment.cardUnavailable')],
      })
      session.flashAll()
      return response.redirect().back()
    }
    await BillingProfile.updateOrCreate(
      { companyId: company!.id },
      {
        companyId: company!.id,
        contactName: data.contact_name ?? null,
        billingEmail: data.billing_email ?? null,
        paymentMethod: data.payment_method,
      }
    )
    session.flash('success', i18n.t('messages.settings.updated'))
    return response.redirect().back()
  }
}
