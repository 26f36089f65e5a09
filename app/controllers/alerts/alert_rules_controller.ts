import type { HttpContext } from '@adonisjs/core/http'
import { findCompanyRule } from '#queries/alerts/alert_rules'
import {
  createCompanyRule,
  deleteCompanyRule,
  updateCompanyRule,
} from '#actions/alerts/alert_rules'
import { alertRuleChannelOfRoute } from '#services/notifications/alert_rule_channels'

/**
 * The company's alert rules, one page per channel (the route names it): notification rules
 * (which alarms of which vehicles reach whom, how and when; each shows its last delivery
 * failure and its queue) and push rules (which alarms go to the subscribed browsers).
 * Every member reads them; admins and owners change them.
 */
export default class AlertRulesController {
  async index(ctx: HttpContext) {
    return alertRuleChannelOfRoute(ctx.route?.name).render(ctx, ctx.company!.id)
  }

  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const channel = alertRuleChannelOfRoute(ctx.route?.name)
    await createCompanyRule(channel.table, ctx.company!.id, await channel.columns(ctx))
    ctx.session.flash('success', ctx.i18n.t(`${channel.messages}.created`))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const channel = alertRuleChannelOfRoute(ctx.route?.name)
    const companyId = ctx.company!.id
    const rule = await findCompanyRule(channel.table, companyId, ctx.params.id)
    await updateCompanyRule(channel.table, companyId, rule.id, await channel.columns(ctx))
    ctx.session.flash('success', ctx.i18n.t(`${channel.messages}.updated`))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const channel = alertRuleChannelOfRoute(ctx.route?.name)
    const companyId = ctx.company!.id
    const rule = await findCompanyRule(channel.table, companyId, ctx.params.id)
    await deleteCompanyRule(channel.table, companyId, rule.id)
    ctx.session.flash('success', ctx.i18n.t(`${channel.messages}.deleted`))
    return ctx.response.redirect().back()
  }
}
