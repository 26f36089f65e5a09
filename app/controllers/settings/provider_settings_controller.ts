import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import CompanySetting from '#models/company_setting'
import { fieldError, validateOrFlash } from '#services/settings/field_error'
import { providerChannelOfRoute, type TestResult } from '#services/settings/provider_channels'

/**
 * The company's own providers of outgoing messages (spec §3), one page per channel: its SMTP
 * server for e-mail and its bulk-SMS account, used for notifications and scheduled reports.
 * Passwords are stored encrypted with the app key and never sent back to the browser. The
 * route names the channel (`settings.email-settings`, `settings.sms-settings`).
 */
export default class ProviderSettingsController {
  async show(ctx: HttpContext) {
    const channel = providerChannelOfRoute(ctx.route?.name)
    const settings = await CompanySetting.find(ctx.company!.id)
    const testResult = (ctx.session.flashMessages.get(channel.testFlash) ??
      null) as TestResult | null
    return channel.render(ctx, settings, testResult)
  }

  async update(ctx: HttpContext) {
    const { company, session, response, i18n } = ctx
    const channel = providerChannelOfRoute(ctx.route?.name)
    const write = await validateOrFlash(ctx, () => channel.read(ctx), channel.failedKey)
    const settings = await CompanySetting.of(company!.id)
    write(settings)
    try {
      await settings.save()
    } catch (error) {
      logger.error(
        { err: error, companyId: company!.id },
        `${channel.namespace} settings not saved`
      )
      session.flash('error', i18n.t(channel.failedKey))
      return response.redirect().back()
    }
    session.flash('success', i18n.t(channel.updatedKey))
    return response.redirect().back()
  }

  /** Removes the company's provider: its messages go through the system's again (or none). */
  async destroy(ctx: HttpContext) {
    const { company, session, response, i18n } = ctx
    const channel = providerChannelOfRoute(ctx.route?.name)
    const settings = await CompanySetting.of(company!.id)
    settings.merge(channel.cleared)
    await settings.save()
    session.flash('success', i18n.t(channel.removedKey))
    return response.redirect().back()
  }

  /** Sends a test message through the saved provider and reports its answer. */
  async test(ctx: HttpContext) {
    const { company, session, response } = ctx
    const channel = providerChannelOfRoute(ctx.route?.name)
    const outcome = await channel.test(ctx, await CompanySetting.find(company!.id))
    if ('field' in outcome) return fieldError(ctx, outcome.field, outcome.error)
    session.flash(outcome.ok ? 'success' : 'error', outcome.message)
    session.flash(channel.testFlash, outcome)
    return response.redirect().back()
  }
}
