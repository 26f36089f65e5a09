import { Head, router, useForm } from '@inertiajs/react'
import { Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { WorkOrderAction, WorkOrderDetail } from '#shared/inspections'
import { bindField, InputField, SelectField } from '~/components/form/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ColumnHeaders, numberColumn } from '~/components/ui/table'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { ConfirmDialog } from '~/components/ui/dialog'
import { useRouteTitle } from '~/components/page_header'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useAction } from '~/lib/routes'

type Props = {
  order: WorkOrderDetail
  actions: WorkOrderAction[]
  canManage: boolean
}

const tones = {
  open: 'neutral',
  in_progress: 'brand',
  awaiting_approval: 'amber',
  completed: 'green',
} as const

/**
 * A work order (issue 30): its vehicle, vendor and status; the issues it groups; its parts
 * from inventory and labour with the totals; the cost approval and the mechanic's sign-off;
 * and the transitions it allows now (app/shared/inspections.ts, enforced on the server).
 */
export default function WorkOrderPage({ order, actions, canManage }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const actionPath = useAction()
  const money = (amount: number) => format.money(amount, order.currency)
  const editable = canManage && (order.status === 'open' || order.status === 'in_progress')
  const [asking, setAsking] = useState<WorkOrderAction | null>(null)
  const transition = useForm({ action: '', mechanic_name: '' })
  const part = useForm({ inventory_item_id: '', quantity: '1', unit_price: '' })
  const issue = useForm({ issue_id: '' })
  const chosenItem = order.items.find((item) => String(item.id) === part.data.inventory_item_id)

  function addPart(event: FormEvent) {
    event.preventDefault()
    part.post(actionPath('fleet.work-orders.parts', { id: order.id }), {
      preserveScroll: true,
      onSuccess: () => part.reset(),
    })
  }

  function addIssue(event: FormEvent) {
    event.preventDefault()
    issue.post(actionPath('fleet.work-orders.issues', { id: order.id }), {
      preserveScroll: true,
      onSuccess: () => issue.reset(),
    })
  }

  function run(action: WorkOrderAction) {
    transition.transform((data) => ({ ...data, action }))
    transition.post(actionPath('fleet.work-orders.transition', { id: order.id }), {
      preserveScroll: true,
    })
  }

  return (
    <>
      <Head title={`${title}: ${order.title}`} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{order.title}</h2>
        <Badge
          tone={tones[order.status as keyof typeof tones] ?? 'neutral'}
          data-status={order.status}
        >
          {t(`fleet_ops.work_orders.statuses.${order.status}`)}
        </Badge>
        <RouteLink route="fleet.work-orders" className="ml-auto text-sm text-brand-700 underline">
          {t('fleet_ops.work_orders.back')}
        </RouteLink>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_ops.work_orders.details')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">{t('crud.work_orders.fields.device')}</dt>
              <dd>{order.plate ? `${order.vehicle} (${order.plate})` : (order.vehicle ?? '—')}</dd>
              <dt className="text-slate-600">{t('crud.work_orders.fields.vendor')}</dt>
              <dd>{order.vendor ?? t('fleet_ops.work_orders.in_house')}</dd>
              <dt className="text-slate-600">{t('crud.work_orders.fields.maintenance_type')}</dt>
              <dd>
                {order.maintenanceType
                  ? t(`crud.work_orders.values.maintenance_type.${order.maintenanceType}`)
                  : '—'}
              </dd>
              <dt className="text-slate-600">{t('crud.work_orders.fields.odometer_km')}</dt>
              <dd>{order.odometerKm === null ? '—' : format.number(order.odometerKm)}</dd>
              <dt className="text-slate-600">{t('fleet_ops.work_orders.approval')}</dt>
              <dd data-testid="approval">
                {order.approvedAt
                  ? t('fleet_ops.work_orders.approved_by', {
                      name: order.approvedBy ?? '—',
                      date: format.dateTime(order.approvedAt),
                    })
                  : t('fleet_ops.work_orders.not_approved')}
              </dd>
              {order.signedOffAt && (
                <>
                  <dt className="text-slate-600">{t('fleet_ops.work_orders.sign_off')}</dt>
                  <dd data-testid="sign-off">
                    {t('fleet_ops.work_orders.signed_off', {
                      name: order.mechanicName ?? '—',
                      date: format.dateTime(order.signedOffAt),
                    })}
                  </dd>
                </>
              )}
              {order.notes && (
                <>
                  <dt className="text-slate-600">{t('crud.work_orders.fields.notes')}</dt>
                  <dd className="whitespace-pre-line">{order.notes}</dd>
                </>
              )}
            </dl>
            {editable && (
              <p className="mt-3 text-xs text-slate-600">{t('fleet_ops.work_orders.edit_hint')}</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_ops.work_orders.totals')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt>{t('fleet_ops.work_orders.parts_total')}</dt>
              <dd className="text-right tabular-nums">{money(order.totals.parts)}</dd>
              <dt>
                {t('fleet_ops.work_orders.labour_total', {
                  hours: format.number(order.labourHours, 2),
                  rate: money(order.labourRate),
                })}
              </dt>
              <dd className="text-right tabular-nums">{money(order.totals.labour)}</dd>
              <dt className="font-semibold">{t('fleet_ops.work_orders.total')}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="total">
                {money(order.totals.total)}
              </dd>
            </dl>
            {actions.length > 0 && (
              <div className="mt-4 space-y-3">
                {actions.includes('complete') && (
                  <InputField
                    label={t('fleet_ops.work_orders.mechanic')}
                    {...bindField(transition, 'mechanic_name')}
                    requiredMark
                    autoComplete="name"
                  />
                )}
                <div className="flex flex-wrap gap-2">
                  {actions.map((action) => (
                    <Button
                      key={action}
                      variant={action === 'reopen' ? 'outline' : 'primary'}
                      onClick={() => setAsking(action)}
                      disabled={transition.processing}
                      data-testid={`action-${action}`}
                    >
                      {t(`fleet_ops.work_orders.actions.${action}`)}
                    </Button>
                  ))}
                </div>
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_ops.work_orders.issues')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {order.issues.length === 0 ? (
              <p className="text-sm text-slate-600">{t('fleet_ops.work_orders.no_issues')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 text-sm" data-testid="order-issues">
                {order.issues.map((entry) => (
                  <li key={entry.id} className="flex items-center gap-2 py-2">
                    <span className="flex-1">{entry.title}</span>
                    <Badge tone={entry.status === 'open' ? 'amber' : 'green'}>
                      {t(`crud.fleet_issues.values.status.${entry.status}`)}
                    </Badge>
                    {canManage && order.status !== 'completed' && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('fleet_ops.work_orders.remove_issue', { title: entry.title })}
                        onClick={() =>
                          router.delete(
                            actionPath('fleet.work-orders.issue', {
                              id: order.id,
                              issueId: entry.id,
                            }),
                            { preserveScroll: true }
                          )
                        }
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {canManage &&
              order.status !== 'completed' &&
              (order.openIssues.length === 0 ? (
                <p className="text-sm text-slate-600">
                  {t('fleet_ops.work_orders.no_open_issues')}
                </p>
              ) : (
                <form onSubmit={addIssue} className="flex flex-wrap items-end gap-2">
                  <SelectField
                    label={t('fleet_ops.work_orders.choose_issue')}
                    className="min-w-48 flex-1"
                    {...bindField(issue, 'issue_id')}
                  >
                    <option value="">—</option>
                    {order.openIssues.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.title}
                      </option>
                    ))}
                  </SelectField>
                  <Button type="submit" disabled={!issue.data.issue_id || issue.processing}>
                    {t('fleet_ops.work_orders.add_issue')}
                  </Button>
                </form>
              ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_ops.work_orders.parts')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {order.parts.length === 0 ? (
              <p className="text-sm text-slate-600">{t('fleet_ops.work_orders.no_parts')}</p>
            ) : (
              <table className="w-full text-sm" data-testid="order-parts">
                <ColumnHeaders
                  rowClassName="text-left text-slate-600"
                  cellClassName="py-1 font-medium"
                  columns={[
                    t('crud.work_order_parts.fields.inventory_item_id'),
                    ...['quantity', 'unit_price'].map((name) =>
                      numberColumn(t(`crud.work_order_parts.fields.${name}`))
                    ),
                    numberColumn(t('fleet_ops.work_orders.line_total')),
                  ]}
                >
                  {editable && <td />}
                </ColumnHeaders>
                <tbody className="divide-y divide-slate-200">
                  {order.parts.map((entry) => (
                    <tr key={entry.id}>
                      <td className="py-2">
                        {entry.item}
                        <span className="block text-xs text-slate-600">
                          {t('fleet_ops.work_orders.stock', { stock: entry.stock })}
                        </span>
                      </td>
                      <td className="py-2 text-right tabular-nums">{entry.quantity}</td>
                      <td className="py-2 text-right tabular-nums">{money(entry.unitPrice)}</td>
                      <td className="py-2 text-right tabular-nums">
                        {money(entry.quantity * entry.unitPrice)}
                      </td>
                      {editable && (
                        <td className="py-2 text-right">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t('fleet_ops.work_orders.remove_part', {
                              item: entry.item,
                            })}
                            onClick={() =>
                              router.delete(
                                actionPath('fleet.work-orders.part', {
                                  id: order.id,
                                  partId: entry.id,
                                }),
                                { preserveScroll: true }
                              )
                            }
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {editable && (
              <form
                onSubmit={addPart}
                className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
              >
                <SelectField
                  name="inventory_item_id"
                  label={t('crud.work_order_parts.fields.inventory_item_id')}
                  value={part.data.inventory_item_id}
                  error={part.errors.inventory_item_id}
                  onChange={(event) => {
                    const item = order.items.find(
                      (entry) => String(entry.id) === event.target.value
                    )
                    part.setData({
                      ...part.data,
                      inventory_item_id: event.target.value,
                      unit_price: item?.unitPrice === null || !item ? '' : String(item.unitPrice),
                    })
                  }}
                  hint={
                    chosenItem
                      ? t('fleet_ops.work_orders.stock', { stock: chosenItem.stock })
                      : undefined
                  }
                >
                  <option value="">—</option>
                  {order.items.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </SelectField>
                <InputField
                  type="number"
                  min={1}
                  step={1}
                  label={t('crud.work_order_parts.fields.quantity')}
                  {...bindField(part, 'quantity')}
                />
                <InputField
                  type="number"
                  min={0}
                  step="0.01"
                  label={t('crud.work_order_parts.fields.unit_price')}
                  {...bindField(part, 'unit_price')}
                />
                <Button type="submit" disabled={part.processing}>
                  {t('fleet_ops.work_orders.add_part')}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>
      </div>

      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t(`fleet_ops.work_orders.actions.${asking}`)}
          message={t(`fleet_ops.work_orders.confirm.${asking}`)}
          confirmLabel={t(`fleet_ops.work_orders.actions.${asking}`)}
          onConfirm={() => {
            run(asking)
            setAsking(null)
          }}
        />
      )}
    </>
  )
}
