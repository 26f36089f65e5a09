import { Head } from '@inertiajs/react'
import { Siren } from 'lucide-react'
import { useI18n } from '~/lib/i18n'
import { Badge } from '~/components/ui/badge'

/** The disaster alert system: "coming soon" (spec §2), with what it is meant to do. */
export default function DisasterAlertSystem() {
  const { t } = useI18n()
  return (
    <>
      <Head title={t('common.routes.settings.disaster-alert-system')} />
      <div className="max-w-2xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <Siren className="mb-4 size-10 text-amber-600" aria-hidden="true" />
        <h1 className="mb-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
          {t('common.routes.settings.disaster-alert-system')}
          <Badge tone="amber">{t('settings.disaster.coming_soon')}</Badge>
        </h1>
        <p className="mb-4 text-slate-700">{t('settings.disaster.intro')}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>{t('settings.disaster.point_1')}</li>
          <li>{t('settings.disaster.point_2')}</li>
          <li>{t('settings.disaster.point_3')}</li>
        </ul>
      </div>
    </>
  )
}
