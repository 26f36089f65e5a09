import { useI18n } from '~/lib/i18n'

export { isAlarmEvent } from '~/components/cards/alarm_codes'

/** The name of an event code of spec §9 (the code itself when unknown), with its A/F state. */
export function useAlarmText() {
  const { t } = useI18n()
  return (code: string, state: 'A' | 'F' | null) => {
    const key = `live.alarms.codes.${code}`
    const translated = t(key)
    const name = translated === key ? code : translated
    return state ? `${name} · ${t(`live.alarms.state.${state}`)}` : name
  }
}
