import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { listSubscriptions } from '#services/billing/subscriptions'
import { subscriptionForList } from '#transformers/account/billing_transformer'
import { PLAN_MONTHLY_CENTS } from '#shared/subscription_pricing'
import { todayOf } from '#services/billing/customer_today'

/** /backend/account: plan, vehicles, next expiries, unpaid invoices, team, every subpage. */
export default class AccountOverviewController {
  async show(ctx: HttpContext) {
    const { inertia, company } = ctx
    const companyId = company!.id
    const today = todayOf(ctx)
    const billing = await ctx.bouncer.allows('seeBilling')
    const [vehicles, team, unpaid, expiring] = await Promise.all([
      db.from('devices').where('company_id', companyId).count('* as total').first(),
      db.from('team_members').where('company_id', companyId).count('* as total').first(),
      billing
        ? db
            .from('orders')
            .where('company_id', companyId)
            .where('status', 'awaiting_payment')
            .select(db.raw('count(*) as count'), db.raw('coalesce(sum(total_cents), 0) as total'))
            .first()
        : null,
      billing ? listSubscriptions(companyId, today, { withinDays: 90 }) : [],
    ])
    return inertia.render('account/overview', {
      plan: { monthlyCents: PLAN_MONTHLY_CENTS },
      vehicleCount: Number(vehicles?.total ?? 0),
      teamSize: Number(team?.total ?? 0),
      billing,
      unpaid: unpaid ? { count: Number(unpaid.count), totalCents: Number(unpaid.total) } : null,
      nextExpiries: expiring.slice(0, 5).map(subscriptionForList),
    })
  }
}
