import type { HttpContext } from '@adonisjs/core/http'
import { listSubscriptions } from '#services/billing/subscriptions'
import { subscriptionForList } from '#transformers/account/subscription_transformer'
import { PLAN_MONTHLY_CENTS } from '#shared/subscription_pricing'
import { todayOf } from '#services/billing/customer_today'
import { companySizes, unpaidOrders } from '#queries/account/account_overview'

/** /backend/account: plan, vehicles, next expiries, unpaid invoices, team, every subpage. */
export default class AccountOverviewController {
  async show(ctx: HttpContext) {
    const { inertia, company } = ctx
    const companyId = company!.id
    const today = todayOf(ctx)
    const billing = await ctx.bouncer.allows('seeBilling')
    const [sizes, unpaid, expiring] = await Promise.all([
      companySizes(companyId),
      billing ? unpaidOrders(companyId) : null,
      billing ? listSubscriptions(companyId, today, { withinDays: 90 }) : [],
    ])
    return inertia.render('account/overview', {
      plan: { monthlyCents: PLAN_MONTHLY_CENTS },
      ...sizes,
      billing,
      unpaid,
      nextExpiries: expiring.slice(0, 5).map(subscriptionForList),
    })
  }
}
