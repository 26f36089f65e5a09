import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { Badge } from '~/components/ui/badge'
import {
  bindCheckbox,
  bindField,
  CheckboxField,
  InputField,
  SelectField,
  TextAreaField,
  bindValue,
} from '~/components/form/fields'
import { ChoiceList, errorOf } from '~/components/alerts/choice_list'
import { CodePicker } from '~/components/alerts/code_picker'
import {
  RuleDeviceField,
  RuleFormModal,
  RuleListPage,
  saveRule,
  useRuleNames,
} from '~/components/alerts/rule_controls'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import type { Data } from '~generated/data'

type Channel = 'inbox' | 'email' | 'sms'
type Schedule = 'instant' | 'weekly' | 'monthly'

/** Generated from app/transformers/alerts/notification_setting_transformer.ts. */
type Rule = Data.Alerts.NotificationSetting

type Props = {
  rules: Rule[]
  devices: { id: number; name: string }[]
  codeGroups: Record<string, string[]>
  defaultTimezone: string
  canEdit: boolean
  basePath: string
}

type FormData = {
  name: string
  device_id: string
  alarm_codes: string[]
  schedule: Schedule
  channels: Channel[]
  emails: string
  phones: string
  quiet_minutes: string
  timezone: string
  active: boolean
}

const lines = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)

function RuleDialog({
  rule,
  props,
  onClose,
}: {
  rule: Rule | null
  props: Props
  onClose: () => void
}) {
  const { t } = useI18n()
  const form = useForm<FormData>({
    name: rule?.name ?? '',
    device_id: rule?.deviceId ? String(rule.deviceId) : '',
    alarm_codes: rule?.alarmCodes ?? [],
    schedule: rule?.schedule ?? 'instant',
    channels: rule?.channels ?? ['inbox'],
    emails: (rule?.emails ?? []).join('\n'),
    phones: (rule?.phones ?? []).join('\n'),
    quiet_minutes: String(rule?.quietMinutes ?? 10),
    timezone: rule?.timezone ?? props.defaultTimezone,
    active: rule?.active ?? true,
  })
  const errors = form.errors as Record<string, string | undefined>

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      device_id: data.device_id ? Number(data.device_id) : null,
      emails: lines(data.emails),
      phones: lines(data.phones),
      quiet_minutes: Number(data.quiet_minutes),
    }))
    saveRule(form, props.basePath, rule, onClose)
  }

  return (
    <RuleFormModal
      title={rule ? t('alerts.rules.edit', { name: rule.name }) : t('alerts.rules.new')}
      formId="rule-form"
      busy={form.processing}
      saveTestId="save-rule"
      onClose={onClose}
    >
      <form id="rule-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <InputField
          label={t('alerts.fields.name')}
          required
          requiredMark
          {...bindField(form, 'name')}
          error={errors.name}
        />
        <RuleDeviceField form={form} devices={props.devices} />
        <SelectField
          label={t('alerts.fields.schedule')}
          {...bindField(form, 'schedule')}
          options={(['instant', 'weekly', 'monthly'] as const).map((value) => ({
            value,
            label: t(`alerts.rules.schedule_${value}`),
          }))}
        />
        <InputField
          label={t('alerts.fields.quiet_minutes')}
          type="number"
          min={0}
          max={1440}
          {...bindField(form, 'quiet_minutes')}
          error={errors.quiet_minutes}
        />
        <div className="sm:col-span-2">
          <ChoiceList
            legend={t('alerts.fields.channels')}
            name="channels"
            columns={3}
            maxHeight={false}
            options={(['inbox', 'email', 'sms'] as const).map((value) => ({
              value,
              label: t(`alerts.rules.channel_${value}`),
            }))}
            {...bindValue(form, 'channels')}
          />
          <p className="mt-1 text-xs text-slate-500">{t('alerts.rules.inbox_hint')}</p>
        </div>
        <TextAreaField
          label={t('alerts.fields.emails')}
          hint={t('alerts.rules.emails_hint')}
          rows={3}
          {...bindField(form, 'emails')}
          error={errorOf(errors, 'emails')}
        />
        <TextAreaField
          label={t('alerts.fields.phones')}
          hint={t('alerts.rules.phones_hint')}
          rows={3}
          {...bindField(form, 'phones')}
          error={errorOf(errors, 'phones')}
        />
        <InputField
          label={t('alerts.fields.timezone')}
          {...bindField(form, 'timezone')}
          error={errors.timezone}
        />
        <CheckboxField
          className="self-end"
          label={t('alerts.fields.active')}
          {...bindCheckbox(form, 'active')}
        />
        <div className="sm:col-span-2">
          <CodePicker groups={props.codeGroups} {...bindValue(form, 'alarm_codes')} />
        </div>
      </form>
    </RuleFormModal>
  )
}

export default function NotificationSettings(props: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const { deviceName, codeName } = useRuleNames(props.devices)
  const when = (iso: string) => format.dateTime(iso)

  return (
    <RuleListPage
      page={props}
      messages="alerts.rules"
      newTestId="new-rule"
      listClassName="grid gap-4 lg:grid-cols-2"
      listTestId="rule-list"
      nameOf={(rule) => rule.name}
      dialog={(rule, onClose) => <RuleDialog rule={rule} props={props} onClose={onClose} />}
      card={(rule) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div>
              <h2 className="font-semibold text-slate-900">{rule.name}</h2>
              <p className="text-sm text-slate-600">
                {deviceName(rule.deviceId)} · {t(`alerts.rules.schedule_${rule.schedule}`)} ·{' '}
                {rule.channels.map((channel) => t(`alerts.rules.channel_${channel}`)).join(', ')}
              </p>
            </div>
            {!rule.active && <Badge>{t('alerts.rules.inactive')}</Badge>}
          </div>
          <p className="text-sm text-slate-700">{rule.alarmCodes.map(codeName).join(', ')}</p>
          {(rule.emails.length > 0 || rule.phones.length > 0) && (
            <p className="text-xs break-all text-slate-500">
              {[...rule.emails, ...rule.phones].join(', ')}
            </p>
          )}
          <p className="text-xs text-slate-500">
            {t('alerts.rules.queue', { pending: rule.pending, failed: rule.failed })}
          </p>
          {rule.lastError && (
            <p
              role="status"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
              data-testid="rule-error"
            >
              {t('alerts.rules.last_error', {
                time: rule.lastErrorAt ? when(rule.lastErrorAt) : '',
                error: rule.lastError,
              })}
            </p>
          )}
        </>
      )}
    />
  )
}
