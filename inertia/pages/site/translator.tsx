import { clsx } from 'clsx'
import { Languages, Search } from 'lucide-react'
import { Container } from '~/components/container'
import { InputField, SelectField } from '~/components/form/fields'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { ColumnHeaders } from '~/components/ui/table'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { translationStatuses, type TranslationStatus } from '#shared/translation_statuses'
import type { Data } from '~generated/data'

type Props = Data.Site.TranslationCoverage

const statusStyles: Record<TranslationStatus, string> = {
  missing: 'bg-red-50 text-red-700 ring-red-600/20',
  identical: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  ok: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
}

/**
 * Internal tool for admins: every translation key with its English and Turkish text side by
 * side; missing and identical texts are highlighted. Read-only; filters are a GET form.
 */
export default function Translator({ filter, namespaces, summary, total, limit, rows }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  return (
    <>
      <Seo />
      <PageHero title={t('site.translator.title')} lead={t('site.translator.lead')} />
      <Container className="space-y-8 py-10 sm:py-14">
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {summary.map((item) => (
            <a
              key={item.namespace}
              href={`${path('translator')}?namespace=${encodeURIComponent(item.namespace)}`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300"
            >
              <p className="font-mono text-sm font-semibold text-slate-900">{item.namespace}</p>
              <p className="mt-1 text-xs text-slate-500">
                {t('site.translator.counts', {
                  total: item.total,
                  missing: item.missing,
                  identical: item.identical,
                })}
              </p>
            </a>
          ))}
        </div>

        <form
          method="get"
          action={path('translator')}
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
        >
          <SelectField
            label={t('site.translator.namespace')}
            name="namespace"
            defaultValue={filter.namespace}
          >
            <option value="">{t('site.translator.all')}</option>
            {namespaces.map((namespace) => (
              <option key={namespace} value={namespace}>
                {namespace}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('site.translator.status')}
            name="status"
            defaultValue={filter.status}
          >
            <option value="">{t('site.translator.all')}</option>
            {translationStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`site.translator.statuses.${status}`)}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t('site.translator.search')}
            name="q"
            type="search"
            defaultValue={filter.q}
          />
          <Button type="submit">
            <Search className="size-4" aria-hidden="true" />
            {t('site.translator.filter')}
          </Button>
        </form>

        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Languages className="size-4" aria-hidden="true" />
          {t('site.translator.showing', { shown: rows.length, total, limit })}
        </p>

        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[56rem] table-fixed text-sm" data-testid="translations">
            <ColumnHeaders
              rowClassName="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase"
              cellClassName="px-4 py-3 font-semibold"
              columns={[
                { label: t('site.translator.key'), className: 'w-[26%]' },
                { label: 'English', className: 'w-[32%]', lang: 'en' },
                { label: 'Türkçe', className: 'w-[32%]', lang: 'tr' },
                { label: t('site.translator.status'), className: 'w-[10%]' },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.key}
                  className={clsx(
                    'border-b border-slate-100 align-top',
                    row.status === 'missing' && 'bg-red-50/50',
                    row.status === 'identical' && 'bg-amber-50/50'
                  )}
                  data-status={row.status}
                >
                  <th
                    scope="row"
                    className="px-4 py-2.5 text-left font-mono text-xs font-normal break-all text-slate-700"
                  >
                    {row.key}
                  </th>
                  <td className="px-4 py-2.5 break-words text-slate-800" lang="en">
                    {row.en ?? '—'}
                  </td>
                  <td className="px-4 py-2.5 break-words text-slate-800" lang="tr">
                    {row.tr ?? '—'}
                  </td>
                  <td className="px-4 py-2.5">
                    <span
                      className={clsx(
                        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                        statusStyles[row.status]
                      )}
                    >
                      {t(`site.translator.statuses.${row.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Container>
    </>
  )
}
