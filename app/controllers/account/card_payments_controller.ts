import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { findCompanyInvoice } from '#queries/account/billing'
import { cardProvider } from '#services/billing/iyzico_provider'
import { handleNotification, handleReturn, startCheckout } from '#services/billing/card_payments'
import { appUrl } from '#services/alternates'
import { pathFor } from '#shared/route_table'

/** Card payment of an invoice through the configured provider (iyzico), and its notifications. */
export default class CardPaymentsController {
  /** Owners pay an unpaid invoice by card: the provider's hosted checkout opens. */
  async pay(ctx: HttpContext) {
    const { params, company, auth, session, response, i18n, locale, request, inertia } = ctx
    const invoice = await findCompanyInvoice(company!.id, params.id)
    const provider = cardProvider()
    if (!provider || invoice.order.status !== 'awaiting_payment') {
      session.flash('error', i18n.t('billing.card.unavailable'))
      return response.redirect().back()
    }
    try {
      const url = await startCheckout(provider, {
        order: invoice.order,
        invoice,
        company: company!,
        user: auth.user!,
        locale,
        ip: request.ip(),
        callbackUrl: `${appUrl()}/billing/${provider.name}/return`,
      })
      if (request.header('x-inertia')) return inertia.location(url)
      return response.redirect(url)
    } catch (error) {
      logger.error({ err: error }, 'card checkout failed')
      session.flash('error', i18n.t('billing.card.failed'))
      return response.redirect(pathFor('account.invoices', locale))
    }
  }

  /** The provider's server-to-server notification. */
  async notification({ request, response, params }: HttpContext) {
    const provider = cardProvider()
    if (!provider || params.provider !== provider.name) {
      return response.notFound({ error: 'no such card provider' })
    }
    const outcome = await handleNotification(
      provider,
      request.headers() as Record<string, string | undefined>,
      request.body()
    )
    if (outcome === 'forged') return response.unauthorized({ error: 'invalid signature' })
    if (outcome === 'replayed') return response.conflict({ error: 'already handled' })
    if (outcome === 'unknown') return response.notFound({ error: 'unknown checkout' })
    return response.ok({ status: outcome })
  }

  /** The buyer's browser, back from the hosted page (a cross-site POST: no session). */
  async return({ request, response, params }: HttpContext) {
    const provider = cardProvider()
    const token = request.input('token')
    if (provider && params.provider === provider.name && typeof token === 'string' && token) {
      await handleReturn(provider, token).catch((error) =>
        logger.error({ err: error }, 'card payment return failed')
      )
    }
    return response.redirect(pathFor('account.invoices', 'en'))
  }
}
