import { useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { bindCheckbox, bindField, InputField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'

/** The form's values (app/transformers/settings/other_settings_transformer.ts). */
type Values = Data.Settings.OtherSettings

const numbers = [
  'archive_days',
  'licence_expiry_days',
  'maintenance_reminder_days',
  'renewal_reminder_days',
  'max_plausible_speed_kmh',
  'temperature_min_c',
  'temperature_max_c',
] as const satisfies readonly (keyof Values)[]
/** Input bounds other than whole days: temperatures may be negative and have a decimal. */
const bounds: Partial<Record<(typeof numbers)[number], { min: number; step: number }>> = {
  temperature_min_c: { min: -60, step: 0.1 },
  temperature_max_c: { min: -60, step: 0.1 },
}
const switches = [
  'geofence_alarms',
  'speed_limit_notifications',
  'fuel_report_sending',
  'multi_language',
  'user_activity_reports',
  'emergency_notifications',
  'system_update_notifications',
] as const satisfies readonly (keyof Values)[]
/** The settings a job of this product applies today; the page says what the others will do. */
const applied = new Set<string>([...numbers, 'geofence_alarms', 'speed_limit_notifications'])

export default function OtherSettings({ values }: { values: Values }) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm<Values>(values)
  const errors = form.errors as Record<string, string | undefined>

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => {
      const out: Record<string, unknown> = { ...data }
      for (const name of numbers) if (data[name] === '') delete out[name]
      return out as Values
    })
    form.put(path('settings.other-settings'), { preserveScroll: true })
  }

  const status = (name: string) =>
    applied.has(name) ? (
      <Badge tone="green">{t('settings.other_settings.applied')}</Badge>
    ) : (
      <Badge tone="neutral">{t('settings.other_settings.not_applied')}</Badge>
    )

  return (
    <SettingsPage title={t('common.routes.settings.other-settings')}>
      <form onSubmit={submit} noValidate className="space-y-6">
        <FormSection title={t('settings.other_settings.periods')}>
          <div className="space-y-5">
            {numbers.map((name) => (
              <div key={name}>
                <InputField
                  type="number"
                  min={bounds[name]?.min ?? 1}
                  step={bounds[name]?.step ?? 1}
                  label={t(`settings.other_settings.fields.${name}`)}
                  hint={t(`settings.other_settings.help.${name}`)}
                  optionalLabel={t('settings.optional')}
                  {...bindField(form, name)}
                  error={errors[name]}
                />
                <div className="mt-1">{status(name)}</div>
              </div>
            ))}
          </div>
        </FormSection>
        <FormSection title={t('settings.other_settings.notifications')}>
          <div className="space-y-4">
            {switches.map((name) => (
              <div key={name} className="flex items-start gap-3">
                <input
                  id={name}
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  {...bindCheckbox(form, name)}
                  aria-describedby={`${name}-help`}
                />
                <div className="text-sm">
                  <label htmlFor={name} className="font-medium text-slate-900">
                    {t(`settings.other_settings.fields.${name}`)}
                  </label>{' '}
                  {status(name)}
                  <p id={`${name}-help`} className="text-slate-600">
                    {t(`settings.other_settings.help.${name}`)}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </FormSection>
        <Button type="submit" disabled={form.processing}>
          {t('settings.save')}
        </Button>
      </form>
    </SettingsPage>
  )
}
