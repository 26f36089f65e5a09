import { PassThrough } from 'node:stream'
import edge from 'edge.js'
import i18nManager from '@adonisjs/i18n/services/main'
import type { DateTime } from 'luxon'
import Company from '#models/company'
import User from '#models/user'
import type ScheduledReport from '#models/scheduled_report'
import { reportAttachmentFormats, type ReportAttachmentFormat } from '#models/scheduled_report'
import { reportsBySlug } from '#reports/registry'
import { runReport } from '#reports/engine/runner'
import { memberOfUser } from '#abilities/member'
import { deviceGroupsOf } from '#abilities/vehicle_scope'
import { buildReportDocument, type ReportDocument } from '#reports/engine/exporters/document'
import {
  writeReportCsv,
  writeReportXlsx,
  reportContentTypes,
} from '#reports/engine/exporters/spreadsheet'
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

/** The files a schedule attaches, in a fixed order; the first two when none is chosen. */
export function attachmentsOf(schedule: Pick<ScheduledReport, 'attachments'>) {
  const chosen = new Set(schedule.attachments ?? [])
  const formats = reportAttachmentFormats.filter((format) => chosen.has(format))
  return formats.length > 0 ? formats : (['xlsx', 'pdf'] as ReportAttachmentFormat[])
}

/**
 * The vehicle groups a scheduled report covers: what its creator may see (issue 27). A creator
 * who is no longer a member sees no vehicle; a schedule without a creator, the whole fleet.
 */
export async function scheduledReportGroups(
  schedule: Pick<ScheduledReport, 'companyId' | 'createdBy'>
): Promise<number[] | null> {
  if (!schedule.createdBy) return null
  const creator = await memberOfUser(schedule.companyId, schedule.createdBy)
  return creator ? deviceGroupsOf(creator) : []
}

/**
 * A scheduled report's e-mail at `now`, in its language and time zone: the run, its document,
 * and the message (subject, heading, body naming the attached files, footer). Refuses (an
 * Error with the reason in the schedule's language) when the rows are too many for a file.
 */
async function composeScheduledReport(schedule: ScheduledReport, now: DateTime) {
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
  const deviceGroupIds = await scheduledReportGroups(schedule)
  const context = {
    companyId: company.id,
    timezone: schedule.timezone,
    now,
    locale,
    deviceGroupIds,
  }
  const run = await runReport(definition, schedule.params, context, {
    messagesProvider: new ReportMessagesProvider(i18n, definition.key),
    t: (key) => i18n.t(key),
  })
  const formats = attachmentsOf(schedule)
  // Too many rows for a spreadsheet: nothing is sent, and the schedule's last error says why.
  const columns = Object.keys(definition.columns).length
  const { total, totalIsLowerBound } = run.page.meta
  if (formats.some((format) => exportTooLarge(format, total, columns, totalIsLowerBound))) {
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
  const files = formats.map((format) => ({
    format,
    filename: `${document.fileBase}.${format}`,
    contentType: reportContentTypes[format],
  }))
  const values = {
    report: document.title,
    period: document.period,
    name: schedule.name,
    files: files.map((file) => file.format.toUpperCase()).join(', '),
  }
  const message = {
    locale,
    subject: i18n.t('report_pages.mail.subject', values),
    heading: i18n.t('report_pages.mail.heading', values),
    body: i18n.t('report_pages.mail.body', values),
    footer: i18n.t('report_pages.mail.footer', { company: company.name }),
  }
  return { run, document, files, message, company }
}

function htmlViewData(message: Awaited<ReturnType<typeof composeScheduledReport>>['message']) {
  return {
    locale: message.locale,
    heading: message.heading,
    body: message.body,
    actionLabel: null,
    actionUrl: null,
    footer: message.footer,
  }
}

/** The e-mail as its recipients would get it now, without writing the files. */
export async function previewScheduledReport(schedule: ScheduledReport, now: DateTime) {
  const { files, message } = await composeScheduledReport(schedule, now)
  return {
    subject: message.subject,
    recipients: schedule.recipients,
    html: await edge.render('emails/action', htmlViewData(message)),
    attachments: files.map(({ filename, contentType }) => ({ filename, contentType })),
  }
}

async function attachmentContent(
  format: ReportAttachmentFormat,
  document: ReportDocument,
  run: { stream(batchSize?: number): AsyncIterable<unknown> }
) {
  // Each file reads the rows again: one stream is read once.
  const fresh = { ...document, rows: run.stream(1000) as ReportDocument['rows'] }
  if (format === 'pdf') return renderReportPdf(fresh)
  return collect((output) =>
    format === 'csv' ? writeReportCsv(output, fresh) : writeReportXlsx(output, fresh)
  )
}

/**
 * Runs a scheduled report at `now` (its saved parameters, its time zone and language) and
 * e-mails it to its recipients with the chosen files attached (XLSX, PDF, CSV), through the
 * company's mailer.
 */
export async function sendScheduledReport(schedule: ScheduledReport, now: DateTime) {
  const { run, document, files, message, company } = await composeScheduledReport(schedule, now)
  const contents: { filename: string; contentType: string; content: Buffer }[] = []
  for (const file of files) {
    contents.push({ ...file, content: await attachmentContent(file.format, document, run) })
  }
  const view = htmlViewData(message)
  // The company's own SMTP server when its e-mail settings name one, the system's otherwise.
  const mailer = await mailerForCompany(company.id)
  await mailer.send((mail) => {
    for (const recipient of schedule.recipients) mail.to(recipient)
    mail.subject(message.subject).htmlView('emails/action', view).textView('emails/action_text', {
      heading: view.heading,
      body: view.body,
      actionUrl: null,
      footer: view.footer,
    })
    for (const file of contents) {
      mail.attachData(file.content, { filename: file.filename, contentType: file.contentType })
    }
  })
  return { rows: run.page.meta.total, recipients: schedule.recipients.length }
}
