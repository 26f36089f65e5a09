import { router, useForm } from '@inertiajs/react'
import { CalendarClock, Eye, Pencil, Send, Trash2, type LucideIcon } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { CardTable, ColumnHeaders } from '~/components/ui/table'
import { ConfirmDialog, Modal } from '~/components/ui/dialog'
import { useFormat } from '~/lib/format'
import { useI18n, type Translate } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

export type ScheduleParams = Record<string, string | number | boolean | string[] | number[]>

/** Generated from app/transformers/reports/scheduled_report_transformer.ts. */
export type ScheduleItem = Data.Reports.ScheduledReport

export const attachmentFormats = ['xlsx', 'pdf', 'csv'] as const
export type AttachmentFormat = (typeof attachmentFormats)[number]

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** "Every Monday at 08:00", "Day 1 of every month at 06:00". */
const ROW_ACTION_TEST_IDS: Record<string, string> = {
  edit_action: 'schedule-edit',
  preview: 'schedule-preview',
  send_now: 'schedule-send',
  delete: 'schedule-delete',
}

/** A row's action button: icon, label and (for screen readers) the schedule's name. */
function RowAction({
  icon: Icon,
  label,
  name,
  testId,
  disabled,
  onClick,
}: {
  icon: LucideIcon
  label: string
  name: string
  testId: string
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <Button variant="ghost" size="sm" disabled={disabled} onClick={onClick} data-testid={testId}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
      <span className="sr-only"> {name}</span>
    </Button>
  )
}

export function scheduleWhen(
  t: Translate,
  schedule: Pick<ScheduleItem, 'frequency' | 'weekday' | 'monthDay' | 'hour'>
) {
  const hour = hourText(schedule.hour)
  if (schedule.frequency === 'weekly') {
    return t('report_pages.schedules.weekly', {
      weekday: t(`report_pages.weekdays.${schedule.weekday ?? 1}`),
      hour,
    })
  }
  if (schedule.frequency === 'monthly') {
    return t('report_pages.schedules.monthly', { day: schedule.monthDay ?? 1, hour })
  }
  return t('report_pages.schedules.daily', { hour })
}

/**
 * The Schedule dialog: a name, how often (daily, weekly on a weekday, monthly on a day), the
 * hour in the user's time zone and the recipients; the report's parameters go with it.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  slug,
  params,
  schedule,
  paramsSummary,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  slug: string
  params: ScheduleParams
  schedule?: ScheduleItem | null
  /** The parameters as they read (period, vehicle…), shown in the dialog. */
  paramsSummary?: string
}) {
  const { t } = useI18n()
  const path = useRoute()
  const format = useFormat()
  const base = `${path('reports')}/schedules`
  const form = useForm({
    slug,
    name: schedule?.name ?? t(`report_pages.catalogue.${slug}.title`),
    frequency: schedule?.frequency ?? 'daily',
    weekday: String(schedule?.weekday ?? 1),
    monthDay: String(schedule?.monthDay ?? 1),
    hour: String(schedule?.hour ?? 7),
    recipients: schedule?.recipients.join(', ') ?? '',
    active: schedule?.active ?? true,
    attachments: schedule?.attachments ?? (['xlsx', 'pdf'] as AttachmentFormat[]),
    parameters: schedule?.params ?? params,
  })
  const errors = form.errors as Record<string, string | undefined>
  const paramErrors = Object.entries(errors).filter(
    ([field]) =>
      ![
        'name',
        'frequency',
        'weekday',
        'monthDay',
        'hour',
        'recipients',
        'active',
        'attachments',
      ].includes(field) && !field.startsWith('attachments.')
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => onOpenChange(false),
    }
    form.transform((data) => ({
      ...data,
      weekday: data.frequency === 'weekly' ? Number(data.weekday) : undefined,
      monthDay: data.frequency === 'monthly' ? Number(data.monthDay) : undefined,
      hour: Number(data.hour),
    }))
    if (schedule) form.put(`${base}/${schedule.id}`, options)
    else form.post(base, options)
  }

  const set = form.setData as unknown as (key: string, value: unknown) => void
  const field = (name: 'name' | 'frequency' | 'weekday' | 'monthDay' | 'hour' | 'recipients') => ({
    name,
    label: t(`report_pages.fields.${name}`),
    value: String(form.data[name]),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  })

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={schedule ? t('report_pages.schedules.edit') : t('report_pages.schedules.new')}
      description={
        paramsSummary && !schedule
          ? t('report_pages.schedules.parameters_note', { summary: paramsSummary })
          : t(`report_pages.catalogue.${schedule?.slug ?? slug}.title`)
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('report_pages.schedules.cancel')}
          </Button>
          <Button
            type="submit"
            form="schedule-form"
            disabled={form.processing}
            data-testid="schedule-save"
          >
            {t('report_pages.schedules.save')}
          </Button>
        </>
      }
    >
      <form id="schedule-form" onSubmit={submit} noValidate className="space-y-4">
        <InputField {...field('name')} required maxLength={120} />
        <SelectField
          {...field('frequency')}
          options={(['daily', 'weekly', 'monthly'] as const).map((value) => ({
            value,
            label: t(`report_pages.frequencies.${value}`),
          }))}
        />
        {form.data.frequency === 'weekly' && (
          <SelectField
            {...field('weekday')}
            options={[1, 2, 3, 4, 5, 6, 7].map((day) => ({
              value: String(day),
              label: t(`report_pages.weekdays.${day}`),
            }))}
          />
        )}
        {form.data.frequency === 'monthly' && (
          <SelectField
            {...field('monthDay')}
            options={Array.from({ length: 31 }, (_, index) => ({
              value: String(index + 1),
              label: String(index + 1),
            }))}
          />
        )}
        <SelectField
          {...field('hour')}
          hint={t('report_pages.schedules.zone_note', {
            zone: schedule?.timezone ?? format.preferences.timezone,
          })}
          options={Array.from({ length: 24 }, (_, hour) => ({
            value: String(hour),
            label: hourText(hour),
          }))}
        />
        <InputField
          {...field('recipients')}
          type="text"
          inputMode="email"
          autoComplete="off"
          placeholder="ops@example.com, manager@example.com"
          required
        />
        <fieldset data-testid="schedule-attachments">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {t('report_pages.fields.attachments')}
          </legend>
          <div className="flex flex-wrap gap-4">
            {attachmentFormats.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="attachments"
                  value={kind}
                  checked={form.data.attachments.includes(kind)}
                  onChange={(event) =>
                    set(
                      'attachments',
                      attachmentFormats.filter((item) =>
                        item === kind ? event.target.checked : form.data.attachments.includes(item)
                      )
                    )
                  }
                />
                {t(`report_pages.attachment_formats.${kind}`)}
              </label>
            ))}
          </div>
          {(errors.attachments ?? errors['attachments.0']) && (
            <p className="mt-1 text-sm text-red-700">
              {errors.attachments ?? errors['attachments.0']}
            </p>
          )}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={Boolean(form.data.active)}
            onChange={(event) => set('active', event.target.checked)}
          />
          {t('report_pages.fields.active')}
        </label>
        {paramErrors.length > 0 && (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            {paramErrors.map(([name, message]) => (
              <p key={name}>{message}</p>
            ))}
          </div>
        )}
      </form>
    </Modal>
  )
}

/** The scheduled reports: when, to whom, last sent; managers edit and delete them. */
export function ScheduleList({
  schedules,
  canSchedule,
  showReport,
}: {
  schedules: ScheduleItem[]
  canSchedule: boolean
  showReport?: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const [editing, setEditing] = useState<ScheduleItem | null>(null)
  const [deleting, setDeleting] = useState<ScheduleItem | null>(null)
  const [previewing, setPreviewing] = useState<ScheduleItem | null>(null)
  const [sending, setSending] = useState<number | null>(null)

  function send(schedule: ScheduleItem) {
    setSending(schedule.id)
    router.post(
      `${path('reports')}/schedules/${schedule.id}/send`,
      {},
      { preserveScroll: true, onFinish: () => setSending(null) }
    )
  }

  return (
    <section aria-labelledby="scheduled-reports" className="mt-8" data-testid="scheduled-reports">
      <h2
        id="scheduled-reports"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <CalendarClock className="size-5 text-brand-600" aria-hidden="true" />
        {t('report_pages.schedules.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('report_pages.schedules.intro')}</p>
      {schedules.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          {t('report_pages.schedules.empty')}
        </p>
      ) : (
        <CardTable>
          <ColumnHeaders
            className="bg-slate-50 text-left text-slate-600"
            cellClassName="px-4 py-2 font-medium"
            columns={[
              t('report_pages.fields.name'),
              showReport && t('report_pages.schedules.report'),
              t('report_pages.schedules.when'),
              t('report_pages.schedules.recipients_column'),
              t('report_pages.schedules.last_run'),
              canSchedule && {
                label: <span className="sr-only">{t('report_pages.schedules.actions')}</span>,
              },
            ]}
          />
          <tbody className="divide-y divide-slate-100">
            {schedules.map((schedule) => (
              <tr key={schedule.id} data-testid={`schedule-${schedule.id}`}>
                <td className="px-4 py-2">
                  <div className="font-medium text-slate-900">{schedule.name}</div>
                  <div className={schedule.active ? 'text-emerald-700' : 'text-slate-500'}>
                    {t(
                      schedule.active
                        ? 'report_pages.schedules.active'
                        : 'report_pages.schedules.inactive'
                    )}
                  </div>
                </td>
                {showReport && (
                  <td className="px-4 py-2">
                    {t(`report_pages.catalogue.${schedule.slug}.title`)}
                  </td>
                )}
                <td className="px-4 py-2">
                  {scheduleWhen(t, schedule)}
                  <div className="text-xs text-slate-500">{schedule.timezone}</div>
                </td>
                <td className="px-4 py-2 break-all">{schedule.recipients.join(', ')}</td>
                <td className="px-4 py-2">
                  {schedule.lastRunAt
                    ? format.dateTime(schedule.lastRunAt)
                    : t('report_pages.schedules.never')}
                  {schedule.lastError && (
                    <div className="text-xs text-red-700">
                      {t('report_pages.schedules.last_error')}: {schedule.lastError}
                    </div>
                  )}
                </td>
                {canSchedule && (
                  <td className="px-4 py-2 whitespace-nowrap">
                    {[
                      { icon: Pencil, label: 'edit_action', onClick: () => setEditing(schedule) },
                      { icon: Eye, label: 'preview', onClick: () => setPreviewing(schedule) },
                      { icon: Send, label: 'send_now', onClick: () => send(schedule) },
                      { icon: Trash2, label: 'delete', onClick: () => setDeleting(schedule) },
                    ].map(({ label, ...action }) => (
                      <RowAction
                        key={label}
                        label={t(`report_pages.schedules.${label}`)}
                        name={schedule.name}
                        testId={ROW_ACTION_TEST_IDS[label]}
                        disabled={label === 'send_now' && sending === schedule.id}
                        {...action}
                      />
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
      {editing && (
        <ScheduleDialog
          key={editing.id}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          slug={editing.slug}
          params={editing.params}
          schedule={editing}
        />
      )}
      {previewing && (
        <SchedulePreview
          key={previewing.id}
          url={`${path('reports')}/schedules/${previewing.id}/preview`}
          onClose={() => setPreviewing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('report_pages.schedules.delete_title')}
        message={t('report_pages.schedules.delete_message', { name: deleting?.name ?? '' })}
        confirmLabel={t('report_pages.schedules.delete')}
        onConfirm={() => {
          if (!deleting) return
          router.delete(`${path('reports')}/schedules/${deleting.id}`, {
            preserveScroll: true,
            onFinish: () => setDeleting(null),
          })
        }}
      />
    </section>
  )
}

type Preview = {
  subject: string
  recipients: string[]
  html: string
  attachments: { filename: string; contentType: string }[]
}

/** The e-mail as it would go now: subject, recipients, its files and the body as it renders. */
function SchedulePreview({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useI18n()
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let cancelled = false
    fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(async (response) => {
        const body = await response.json()
        if (cancelled) return
        if (response.ok) setPreview(body as Preview)
        else setError(body?.errors?.[0]?.message ?? response.statusText)
      })
      .catch((reason: unknown) => !cancelled && setError(String(reason)))
    return () => {
      cancelled = true
    }
  }, [url])

  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={t('report_pages.schedules.preview_title')}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('report_pages.schedules.close')}
        </Button>
      }
    >
      <div data-testid="schedule-preview-body" className="space-y-3 text-sm">
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-700">
            {error}
          </p>
        )}
        {!preview && !error && <p>{t('report_pages.schedules.preview_loading')}</p>}
        {preview && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-medium text-slate-600">
                {t('report_pages.schedules.preview_to')}
              </dt>
              <dd className="break-all">{preview.recipients.join(', ')}</dd>
              <dt className="font-medium text-slate-600">
                {t('report_pages.schedules.preview_subject')}
              </dt>
              <dd>{preview.subject}</dd>
              <dt className="font-medium text-slate-600">
                {t('report_pages.schedules.preview_attachments')}
              </dt>
              <dd>{preview.attachments.map((file) => file.filename).join(', ')}</dd>
            </dl>
            <iframe
              title={preview.subject}
              srcDoc={preview.html}
              sandbox=""
              className="h-96 w-full rounded-lg border border-slate-200 bg-white"
            />
          </>
        )}
      </div>
    </Modal>
  )
}
