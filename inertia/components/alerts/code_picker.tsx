import { ChoiceList } from '~/components/alerts/choice_list'
import { useI18n } from '~/lib/i18n'

/** The alarm codes of spec §9 and the geofence codes, grouped, as checkboxes. */
export function CodePicker({
  groups,
  value: selected,
  onChange,
  error,
  disabled,
}: {
  groups: Record<string, string[]>
  value: string[]
  onChange: (codes: string[]) => void
  error?: string
  disabled?: boolean
}) {
  const { t } = useI18n()
  const name = (code: string) => {
    const key = `live.alarms.codes.${code}`
    const translated = t(key)
    return translated === key ? code : `${translated} (${code})`
  }
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">
        {t('alerts.fields.alarm_codes')}
      </legend>
      <p className="text-xs text-slate-500">{t('alerts.common.codes_help')}</p>
      {Object.entries(groups).map(([group, codes]) => (
        <ChoiceList
          key={group}
          legend={t(`alerts.code_groups.${group}`)}
          name={`alarm_codes_${group}`}
          options={codes.map((code) => ({ value: code, label: name(code) }))}
          value={selected.filter((code) => codes.includes(code))}
          onChange={(values) =>
            onChange([...selected.filter((code) => !codes.includes(code)), ...values])
          }
          maxHeight={false}
          disabled={disabled}
        />
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-600" data-field-error="alarm_codes">
          {error}
        </p>
      )}
    </fieldset>
  )
}
