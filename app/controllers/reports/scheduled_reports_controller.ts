import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import ScheduledReport from '#models/scheduled_report'
import {
  previewScheduledReport,
  sendScheduledReport,
} from '#services/reports/scheduled_report_mailer'
import { reportsBySlug } from '#reports/registry'
import { ReportMessagesProvider } from '#reports/engine/messages'
import { checkParameters, ReportParametersError } from '#reports/engine/runner'
import { companyIdOf } from '#queries/live/company_scope'
import { findCompanySchedule } from '#queries/reports/scheduled_reports'
import { preferencesOf } from '#services/live/user_preferences'
import {
  MAX_RECIPIENTS,
  parseRecipients,
  scheduleValidator,
} from '#validators/reports/schedule_validators'

function invalid(field: string, message: string) {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule: field }])
}

/** Scheduled reports of the current company: saved from a report page, edited from the index. */
export default class ScheduledReportsController {
  /** Validates the dialog's fields and the report's saved parameters (422, or 404 for another company's records). */
  private async validated(ctx: HttpContext, slug: string, saved: Record<string, unknown> = {}) {
    const { request, i18n } = ctx
    const definition = Object.hasOwn(reportsBySlug, slug) ? reportsBySlug[slug] : null
    if (!definition) throw invalid('slug', i18n.t('report_pages.errors.unknown_format'))
    const data = await request.validateUsing(scheduleValidator, {
      messagesProvider: new ReportMessagesProvider(i18n),
    })
    const recipients = parseRecipients(data.recipients)
    if (!recipients) throw invalid('recipients', i18n.t('report_pages.validation.recipients'))
    if (recipients.length > MAX_RECIPIENTS) {
      throw invalid(
        'recipients',
        i18n.t('report_pages.validation.recipients_too_many', { max: MAX_RECIPIENTS })
      )
    }
    const { timezone } = preferencesOf(ctx.auth.user)
    let input: Record<string, unknown>
    try {
      ;({ input } = await checkParameters(
        definition,
        (data.parameters ?? saved) as Record<string, unknown>,
        { companyId: companyIdOf(ctx), timezone, now: DateTime.now() },
        {
          messagesProvider: new ReportMessagesProvider(i18n, definition.key),
          t: (key, values) => i18n.t(key, values),
        }
      ))
    } catch (error) {
      if (error instanceof ReportParametersError) {
        throw new vineErrors.E_VALIDATION_ERROR(
          error.issues.map((issue) => ({ ...issue, rule: 'report' }))
        )
      }
      throw error
    }
    return {
      name: data.name,
      frequency: data.frequency,
      weekday: data.frequency === 'weekly' ? (data.weekday ?? null) : null,
      monthDay: data.frequency === 'monthly' ? (data.monthDay ?? null) : null,
      hour: data.hour,
      recipients,
      active: data.active ?? true,
      params: input,
      ...(data.attachments ? { attachments: data.attachments } : {}),
    }
  }

  async store(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const slug = String(ctx.request.input('slug', ''))
    const values = await this.validated(ctx, slug)
    await ScheduledReport.create({
      ...values,
      companyId,
      slug,
      createdBy: ctx.auth.user!.id,
      timezone: preferencesOf(ctx.auth.user).timezone,
      locale: ctx.i18n.locale,
    })
    ctx.session.flash('success', ctx.i18n.t('report_pages.schedules.created'))
    // Back to the report with its parameters: without them it would run for today.
    return ctx.response.redirect().withQs().back()
  }

  async update(ctx: HttpContext) {
    const schedule = await this.scheduleOf(ctx)
    const values = await this.validated(ctx, schedule.slug, schedule.params)
    schedule.merge({ ...values, locale: ctx.i18n.locale })
    await schedule.save()
    ctx.session.flash('success', ctx.i18n.t('report_pages.schedules.updated'))
    // Back to the report with its parameters: without them it would run for today.
    return ctx.response.redirect().withQs().back()
  }

  /** The company's schedule of the route, or 404. */
  private scheduleOf(ctx: HttpContext) {
    return findCompanySchedule(companyIdOf(ctx), ctx.params.id)
  }

  /** Sends the report now, as at its next time (its schedule and last run stay as they are). */
  async sendNow(ctx: HttpContext) {
    const schedule = await this.scheduleOf(ctx)
    try {
      const { recipients } = await sendScheduledReport(schedule, DateTime.now())
      ctx.session.flash('success', ctx.i18n.t('report_pages.schedules.sent', { recipients }))
    } catch (error) {
      logger.warn({ err: error, schedule: schedule.id }, 'scheduled report not sent')
      ctx.session.flash(
        'error',
        ctx.i18n.t('report_pages.schedules.send_failed', {
          reason: error instanceof Error ? error.message : String(error),
        })
      )
    }
    return ctx.response.redirect().back()
  }

  /** The e-mail as it would go now: subject, recipients, HTML body and the files' names. */
  async preview(ctx: HttpContext) {
    const schedule = await this.scheduleOf(ctx)
    try {
      return await previewScheduledReport(schedule, DateTime.now())
    } catch (error) {
      return ctx.response.unprocessableEntity({
        errors: [
          {
            field: 'schedule',
            message: ctx.i18n.t('report_pages.schedules.send_failed', {
              reason: error instanceof Error ? error.message : String(error),
            }),
          },
        ],
      })
    }
  }

  async destroy(ctx: HttpContext) {
    const schedule = await this.scheduleOf(ctx)
    await schedule.delete()
    ctx.session.flash('success', ctx.i18n.t('report_pages.schedules.deleted'))
    // Back to the report with its parameters: without them it would run for today.
    return ctx.response.redirect().withQs().back()
  }
}
