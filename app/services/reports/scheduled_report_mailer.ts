import { PassThrough } from 'node:stream'
import i18nManager from '@adonisjs/i18n/services/main'
import type { DateTime } from 'luxon'
import Company from '#models/company'
import User from '#models/user'
import type ScheduledReport from '#models/scheduled_report'
import { reportsBySlug } from '#reports/registry'
import { runReport } from '#reports/engine/runner'
import { buildReportDocument } from '#reports/engine/exporters/document'
import { writeReportXlsx, reportContentTypes } from '#reports/engine/exporters/spreadsheet'
import { renderReportPdf } from '#reports/engine/exporters/pdf'
import { exportRowLimit, exportTooLarge } from '#reports/engine/export_limit'
import { ReportMessagesProvider } from '#reports/engine/messages'
import { mailerForCompany } from '#services/mail/company_mailer'

async function collect(write: (output: PassThrough) => Promise<void>): Promise<Buffer> {
  const output = new PassThrough()
  const chunks: Buffer[] = []
  output.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve)
    output.on('error', reject)
  })
  await write(output)
  if (!output.writableEnded) output.end()
  await ended
  return Buffer.concat(chunks)
}

/**
 * Runs a scheduled report at `now` (its saved parameters, its time zone and language) and
 * e-mails it to its recipients with the XLSX and the PDF attached, through the company's mailer.
 */
export async function sendScheduledReport(schedule: ScheduledReport, now: DateTime) {
  const definition = reportsBySlug[schedule.slug]
  if (!definition) throw new Error(`The report "${schedule.slug}" is not available`)
  const locale = schedule.locale === 'tr' ? 'tr' : 'en'
  const i18n = i18nManager.locale(locale)
  const company = await Company.findOrFail(schedule.companyId)
  const creator = schedule.createdBy ? await User.find(schedule.createdBy) : null
  const preferences = {
    timezone: schedule.timezone,
    dateFormat: creator?.dateFormat ?? 'dd.MM.yyyy',
  }
  const context = { companyId: company.id, timezone: schedule.timezone, now, locale }
  const run = await runReport(definition, schedule.params, context, {
    messagesProvider: new ReportMessagesProvider(i18n, definition.key),
    t: (key) => i18n.t(key),
  })
  // Too many rows for the XLSX: nothing is sent, and the schedule's last error says why.
  const columns = Object.keys(definition.columns).length
  const { total, totalIsLowerBound } = run.page.meta
  if (exportTooLarge('xlsx', total, columns, totalIsLowerBound)) {
    throw new Error(
      i18n.t('report_exports.too_many_rows', {
        limit: i18n.formatNumber(exportRowLimit(columns)),
      })
    )
  }
  const document = await buildReportDocument({
    slug: schedule.slug,
    definition,
    run,
    i18n,
    preferences,
    company,
    now: now.toJSDate(),
  })
  const xlsx = await collect((output) => writeReportXlsx(output, document))
  const pdf = await renderReportPdf({ ...document, rows: run.stream(1000) })

  const values = { report: document.title, period: document.period, name: schedule.name }
  const heading = i18n.t('report_pages.mail.heading', values)
  const body = i18n.t('report_pages.mail.body', values)
  const footer = i18n.t('report_pages.mail.footer', { company: company.name })
  // The company's own SMTP server when its e-mail settings name one, the system's otherwise.
  const mailer = await mailerForCompany(company.id)
  await mailer.send((message) => {
    for (const recipient of schedule.recipients) message.to(recipient)
    message
      .subject(i18n.t('report_pages.mail.subject', values))
      .htmlView('emails/action', {
        locale,
        heading,
        body,
        actionLabel: null,
        actionUrl: null,
        footer,
      })
      .textView('emails/action_text', { heading, body, actionUrl: null, footer })
      .attachData(xlsx, {
        filename: `${document.fileBase}.xlsx`,
        contentType: reportContentTypes.xlsx,
      })
      .attachData(pdf, {
        filename: `${document.fileBase}.pdf`,
        contentType: reportContentTypes.pdf,
      })
  })
  return { rows: run.page.meta.total }
}
