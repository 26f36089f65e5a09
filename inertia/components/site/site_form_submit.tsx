import type { LucideIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'

/** The end of a public form: the privacy note and the submit button ("Sending…" meanwhile). */
export function SiteFormSubmit({
  processing,
  icon: Icon,
  label,
}: {
  processing: boolean
  icon: LucideIcon
  label: string
}) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-xs text-slate-500">{t('site.forms.privacy')}</p>
      <Button type="submit" size="lg" disabled={processing}>
        <Icon className="size-4" aria-hidden="true" />
        {processing ? t('site.forms.sending') : label}
      </Button>
    </div>
  )
}
