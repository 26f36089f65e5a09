import type { bindField } from '~/components/form/fields'
import { useI18n } from '~/lib/i18n'

/**
 * The field bots fill in and people never see (off-screen, skipped by keyboard and screen
 * readers). A filled one makes the server answer "sent" and keep nothing.
 */
export function Honeypot({
  name,
  value,
  onChange,
  form,
}: Omit<ReturnType<typeof bindField>, 'error'> & {
  /** Which form it belongs to, for a unique id. */
  form: string
}) {
  const { t } = useI18n()
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${form}-${name}`}>{t('site.forms.honeypot')}</label>
      <input
        id={`${form}-${name}`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  )
}
