import type { HttpContext } from '@adonisjs/core/http'
import { orderReview } from '#queries/account/order_review'
import { todayOf } from '#services/billing/customer_today'
import logger from '@adonisjs/core/services/logger'
import DiscountCode from '#models/discount_code'
import { listSubscriptions } from '#services/billing/subscriptions'
import { DiscountCodeError, EmptyOrderError, placeExtensionOrder } from '#services/billing/orders'
import { sendInvoiceMail } from '#services/billing/invoice_document'
import { IncompleteInvoicingDetailsError } from '#services/billing/invoicing_details'
import { exchangeRate } from '#services/site/quotes'
import { missingDetailsText, codeForPage } from '#transformers/account/billing_transformer'
import { subscriptionForList } from '#transformers/account/subscription_transformer'
import {
  BillingMessagesProvider,
  extensionOrderValidator,
  subscriptionFilterValidator,
} from '#validators/account/billing_validators'
import {
  EXTENSION_DISCOUNT_PERCENT,
  EXTENSION_MONTHS,
  type ExtensionMonths,
} from '#shared/subscription_pricing'
import { pathFor } from '#shared/route_table'

/** One subscription per vehicle: remaining days, the "ends within" filter, and extending. */
export default class SubscriptionsController {
  async index(ctx: HttpContext) {
    const { request, inertia, company, i18n } = ctx
    const filters = await subscriptionFilterValidator.validate(request.qs(), {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    const today = todayOf(ctx)
    const within = filters.within ? Number(filters.within) : null
    const rows = await listSubscriptions(company!.id, today, { withinDays: within })
    const code = filters.code ? await DiscountCode.findBy('code', filters.code) : null
    const { rate } = exchangeRate()
    return inertia.render('account/subscriptions', {
      subscriptions: rows.map(subscriptionForList),
      within,
      today: today.toISODate()!,
      months: EXTENSION_MONTHS.map((months) => ({
        months,
        percent: EXTENSION_DISCOUNT_PERCENT[months],
      })),
      rate,
      code: codeForPage(filters.code, code, today.toISODate()!),
      canOrder: await ctx.bouncer.allows('ownCompany'),
      review: await orderReview(company!, i18n),
    })
  }

  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n, locale, auth } = ctx
    const data = await request.validateUsing(extensionOrderValidator, {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    try {
      const { order, invoice } = await placeExtensionOrder(
        { company: company!, user: auth.user!, locale, today: todayOf(ctx) },
        {
          subscriptionIds: data.subscription_ids,
          months: Number(data.months) as ExtensionMonths,
          code: data.code ?? null,
        }
      )
      await sendInvoiceMail(invoice, order)
      session.flash('success', i18n.t('billing.subscriptions.ordered', { number: invoice.number }))
      return response.redirect(pathFor('account.invoices', locale))
    } catch (error) {
      if (error instanceof IncompleteInvoicingDetailsError) {
        session.flash(
          'error',
          i18n.t('billing.errors.incompleteDetails', {
            fields: missingDetailsText(i18n, error.missing),
          })
        )
        session.flashAll()
        return response.redirect().back()
      }
      if (error instanceof DiscountCodeError) {
        session.flash('inputErrorsBag', {
          code: [i18n.t(`billing.price.codeStates.${error.reason}`)],
        })
        session.flashAll()
        return response.redirect().back()
      }
      if (error instanceof EmptyOrderError) {
        session.flash('inputErrorsBag', { subscription_ids: [i18n.t('billing.errors.noVehicles')] })
        session.flashAll()
        return response.redirect().back()
      }
      if ((error as { code?: string }).code === 'E_ROW_NOT_FOUND') throw error
      logger.error({ err: error }, 'extension order failed')
      session.flash('error', i18n.t('billing.errors.orderFailed'))
      return response.redirect().back()
    }
  }
}
