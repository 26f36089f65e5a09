import { Head } from '@inertiajs/react'
import { Boxes, PackageCheck, PackageOpen, Wallet } from 'lucide-react'
import { StatCard } from '~/components/cards/stat_card'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Card, CardContent } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

interface Props {
  items: {
    id: number
    name: string
    type: string
    category: string | null
    quantity: number
    held: number
    returned: number
    inStock: number
    currency: string
    unitPrice: number | null
    value: number | null
  }[]
  totals: { currency: string; value: number }[]
}

/** Inventory: stock, items held and returned, and value, per item and in total. */
export default function InventoryReports({ items, totals }: Props) {
  const { t, locale } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const money = (value: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value)
  const sum = (pick: (item: Props['items'][number]) => number) =>
    items.reduce((total, item) => total + pick(item), 0)
  return (
    <>
      <Head title={title} />
      <PageHeader
        actions={
          <RouteLink route="inventory.items" className="text-sm text-brand-700 underline">
            {t('common.routes.inventory.items')}
          </RouteLink>
        }
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('fleet_flow.inventory.in_stock')}
          value={format.number(sum((item) => item.inStock))}
          icon={Boxes}
          testId="stat-in-stock"
        />
        <StatCard
          label={t('fleet_flow.inventory.held')}
          value={format.number(sum((item) => item.held))}
          icon={PackageOpen}
          tone="amber"
          testId="stat-held"
        />
        <StatCard
          label={t('fleet_flow.inventory.returned')}
          value={format.number(sum((item) => item.returned))}
          icon={PackageCheck}
          tone="green"
          testId="stat-returned"
        />
        <StatCard
          label={t('fleet_flow.inventory.value')}
          value={
            totals.length === 0
              ? '—'
              : totals.map((total) => money(total.value, total.currency)).join(' · ')
          }
          icon={Wallet}
          tone="blue"
          compact
          testId="stat-value"
        />
      </div>
      {items.length === 0 ? (
        <EmptyState icon={Boxes} />
      ) : (
        <Card>
          <CardContent className="overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="inventory-table">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-2 pr-3">
                    {t('crud.inventory_items.fields.name')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('crud.inventory_items.fields.type')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('crud.inventory_items.fields.category')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('crud.inventory_items.fields.quantity')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('fleet_flow.inventory.held')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('fleet_flow.inventory.returned')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('fleet_flow.inventory.in_stock')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('crud.inventory_items.fields.purchase_price')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('fleet_flow.inventory.value')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} data-item={item.name}>
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {item.name}
                    </th>
                    <td className="px-2 py-2">
                      {t(`crud.inventory_items.values.type.${item.type}`)}
                    </td>
                    <td className="px-2 py-2">{item.category ?? '—'}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{item.quantity}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{item.held}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{item.returned}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{item.inStock}</td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {item.unitPrice === null ? '—' : money(item.unitPrice, item.currency)}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">
                      {item.value === null ? '—' : money(item.value, item.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </>
  )
}
