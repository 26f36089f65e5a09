import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { perPageSizes } from '~/crud/query_state'
import { useI18n } from '~/lib/i18n'
import type { ListPage } from './types'

const control =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500'

/** "1–25 of 312", the page size and previous/next. */
export function Pagination({
  meta,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  meta: ListPage['meta'] | undefined
  page: number
  perPage: number
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
}) {
  const { t, locale } = useI18n()
  const from = meta && meta.total > 0 ? (meta.page - 1) * meta.perPage + 1 : 0
  const to = meta ? Math.min(meta.page * meta.perPage, meta.total) : 0
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span data-testid="table-range">
        {meta && meta.total > 0
          ? t(meta.totalIsLowerBound ? 'crud.table.range_more' : 'crud.table.range', {
              from,
              to,
              total: meta.total.toLocaleString(locale === 'tr' ? 'tr-TR' : 'en-GB'),
            })
          : t('messages.empty')}
      </span>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          {t('crud.table.per_page')}
          <select
            className={control}
            value={perPage}
            onChange={(event) => onPerPage(Number(event.target.value))}
          >
            {perPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('crud.table.previous')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <span>
          {page} / {meta?.lastPage ?? 1}
        </span>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('crud.table.next')}
          disabled={!meta || page >= meta.lastPage}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
