import { Mail, MapPin, Phone } from 'lucide-react'
import type { Office } from '~/components/site/types'
import { useI18n } from '~/lib/i18n'

/** One office (Estonia, Turkey) with its address and contact details. */
export function OfficeCard({ office }: { office: Office }) {
  const { t } = useI18n()
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        {t(`site.offices.labels.${office.code}`)}
      </p>
      <h3 className="mt-1 font-semibold text-slate-900">{office.legalName}</h3>
      <address className="mt-3 space-y-2 text-sm text-slate-600 not-italic">
        <p className="flex gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            {office.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{office.country}</span>
          </span>
        </p>
        {office.email && (
          <p className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <a href={`mailto:${office.email}`} className="text-brand-700 hover:underline">
              {office.email}
            </a>
          </p>
        )}
        {office.phone && (
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <a href={`tel:${office.phone.replace(/\s/g, '')}`} className="hover:underline">
              {office.phone}
            </a>
          </p>
        )}
      </address>
    </div>
  )
}
