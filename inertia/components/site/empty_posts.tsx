import { FileClock } from 'lucide-react'
import { useI18n } from '~/lib/i18n'

/** Shown where posts are listed before any are imported. */
export function EmptyPosts() {
  const { t } = useI18n()
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-8 text-slate-600">
      <FileClock className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      <p>{t('site.common.noPosts')}</p>
    </div>
  )
}
