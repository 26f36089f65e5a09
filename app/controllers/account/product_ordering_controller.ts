import type { HttpContext } from '@adonisjs/core/http'
import { orderReview } from '#queries/account/order_review'
import logger from '@adonisjs/core/services/logger'
import DiscountCode from '#models/discount_code'
import { DiscountCodeError, EmptyOrderError, placeProductOrder } from '#services/billing/orders'
import { sendInvoiceMail } from '#services/billing/invoice_document'
import { IncompleteInvoicingDetailsError } from '#services/billing/invoicing_details'
import { exchangeRate } from '#services/site/quotes'
import { missingDetailsText, codeForPage } from '#transformers/account/billing_transformer'
import {
  BillingMessagesProvider,
  productOrderValidator,
  subscriptionFilterValidator,
} from '#validators/account/billing_validators'
import { products } from '#shared/quote_pricing'
import { pathFor } from '#shared/route_table'
import { todayOf } from '#services/billing/customer_today'

/** The public quote's catalogue for signed-in customers: an order and its invoice. */
export default class ProductOrderingController {
  async show(ctx: HttpContext) {
    const { request, inertia, i18n, company } = ctx
    const filters = await subscriptionFilterValidator.validate(request.qs(), {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    const today = todayOf(ctx).toISODate()!
    const code = filters.code ? await DiscountCode.findBy('code', filters.code) : null
    return inertia.render('account/product_ordering', {
      catalogue: products.map((product) => ({
        key: product.key,
        kind: product.kind,
        unitPriceCents: product.unitPriceCents,
        name: i18n.t(`site.products.catalogue.${product.key}.name`),
        description: i18n.t(`site.products.catalogue.${product.key}.description`),
      })),
      rate: exchangeRate().rate,
      today,
      code: codeForPage(filters.code, code, today),
      canOrder: await ctx.bouncer.allows('ownCompany'),
      review: await orderReview(company!, i18n),
    })
  }

  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n, locale, auth } = ctx
    const data = await request.validateUsing(productOrderValidator, {
      messagesProvider: new BillingMessagesProvider(i18n),
    })
    try {
      const { order, invoice } = await placeProductOrder(
        { company: company!, user: auth.user!, locale, today: todayOf(ctx) },
        { quantities: data.quantities, code: data.code ?? null }
      )
      await sendInvoiceMail(invoice, order)
      session.flash('success', i18n.t('billing.products.ordered', { number: invoice.number }))
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
        session.flash('inputErrorsBag', { quantities: [i18n.t('billing.products.empty')] })
        session.flashAll()
        return response.redirect().back()
      }
      logger.error({ err: error }, 'product order failed')
      session.flash('error', i18n.t('billing.errors.orderFailed'))
      return response.redirect().back()
    }
  }
}
