import { useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { bindCheckbox, bindField, InputField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Button } from '~/components/ui/button'
import { ColumnHeaders } from '~/components/ui/table'

type Day = Data.Settings.WorkingDay

export default function WorkingHours({ days, configured }: { days: Day[]; configured: boolean }) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm<Record<string, string | boolean>>(
    Object.fromEntries(
      days.flatMap((day) => [
        [`${day.day}_off`, day.off],
        [`${day.day}_from`, day.from],
        [`${day.day}_to`, day.to],
      ])
    )
  )
  const errors = form.errors as Record<string, string | undefined>

  function submit(event: FormEvent) {
    event.preventDefault()
    // A day off sends no times: what its disabled fields still hold is not checked.
    form.transform((data) => {
      const out = { ...data }
      for (const { day } of days) {
        if (out[`${day}_off`]) {
          delete out[`${day}_from`]
          delete out[`${day}_to`]
        }
      }
      return out
    })
    form.put(path('settings.working-hours'), { preserveScroll: true })
  }

  return (
    <SettingsPage
      title={t('common.routes.settings.working-hours')}
      intro={
        <>
          {t('settings.working_hours.intro')}{' '}
          {configured ? null : t('settings.working_hours.not_configured')}
        </>
      }
    >
      <FormSection title={t('settings.working_hours.section')}>
        <form onSubmit={submit} noValidate className="space-y-3">
          <table className="w-full text-sm">
            <ColumnHeaders
              rowClassName="text-left text-slate-600"
              cellClassName="py-2 font-medium not-last:pr-4"
              columns={(['day', 'off', 'from', 'to'] as const).map((column) =>
                t(`settings.working_hours.${column}`)
              )}
            />
            <tbody>
              {days.map(({ day }) => {
                const off = Boolean(form.data[`${day}_off`])
                return (
                  <tr key={day} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                      {t(`settings.working_hours.days.${day}`)}
                    </th>
                    <td className="py-2 pr-4">
                      <input
                        id={`${day}_off`}
                        type="checkbox"
                        className="mt-2 h-4 w-4"
                        aria-label={t('settings.working_hours.fields.' + day + '_off')}
                        {...bindCheckbox(form, `${day}_off`)}
                      />
                    </td>
                    <td className="py-2 pr-4">
                      <InputField
                        type="time"
                        label={t(`settings.working_hours.fields.${day}_from`)}
                        className="[&_label]:sr-only"
                        disabled={off}
                        {...bindField(form, `${day}_from`)}
                        error={errors[`${day}_from`]}
                      />
                    </td>
                    <td className="py-2">
                      <InputField
                        type="time"
                        label={t(`settings.working_hours.fields.${day}_to`)}
                        className="[&_label]:sr-only"
                        disabled={off}
                        {...bindField(form, `${day}_to`)}
                        error={errors[`${day}_to`]}
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
          <p className="text-xs text-slate-500">{t('settings.working_hours.overnight')}</p>
          <Button type="submit" disabled={form.processing}>
            {t('settings.save')}
          </Button>
        </form>
      </FormSection>
    </SettingsPage>
  )
}
