import db from '@adonisjs/lucid/services/db'
import { workOrderTotals, type WorkOrderDetail } from '#shared/inspections'

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

/** A work order of the company with its parts, issues and what may join it; null: none. */
export async function workOrderDetail(
  companyId: number,
  id: number
): Promise<WorkOrderDetail | null> {
  const order = await db
    .from('work_orders as w')
    .leftJoin('devices as d', 'd.id', 'w.device_id')
    .leftJoin('service_points as sp', 'sp.id', 'w.service_point_id')
    .leftJoin('users as u', 'u.id', 'w.approved_by')
    .where('w.id', id)
    .where('w.company_id', companyId)
    .select(
      'w.*',
      'd.name as vehicle',
      'd.plate',
      'sp.name as vendor',
      db.raw('coalesce(u.full_name, u.email) as approver')
    )
    .first()
  if (!order) return null
  const [parts, issues, openIssues, items] = await Promise.all([
    db
      .from('work_order_parts as p')
      .join('inventory_items as i', 'i.id', 'p.inventory_item_id')
      .where('p.work_order_id', id)
      .orderBy('p.id')
      .select('p.id', 'i.name', 'p.quantity', 'p.unit_price_cents', 'i.quantity as stock'),
    db
      .from('fleet_issues')
      .where('company_id', companyId)
      .where('work_order_id', id)
      .orderBy('id')
      .select('id', 'title', 'priority', 'status'),
    order.device_id
      ? db
          .from('fleet_issues')
          .where('company_id', companyId)
          .where('device_id', order.device_id)
          .whereNull('work_order_id')
          .where('status', 'open')
          .orderBy('id')
          .select('id', 'title', 'priority')
      : [],
    db
      .from('inventory_items')
      .where('company_id', companyId)
      .orderBy('name')
      .select('id', 'name', 'quantity', 'purchase_price_cents'),
  ])
  const totals = workOrderTotals(
    parts.map((part) => ({
      quantity: Number(part.quantity),
      unitPriceCents: Number(part.unit_price_cents),
    })),
    Number(order.labour_hours),
    Number(order.labour_rate_cents)
  )
  return {
    id: Number(order.id),
    title: order.title,
    status: order.status,
    deviceId: order.device_id === null ? null : Number(order.device_id),
    vehicle: order.vehicle ?? null,
    plate: order.plate ?? null,
    vendor: order.vendor ?? null,
    maintenanceType: order.maintenance_type ?? null,
    odometerKm: order.odometer_km === null ? null : Number(order.odometer_km),
    labourHours: Number(order.labour_hours),
    labourRate: Number(order.labour_rate_cents) / 100,
    currency: order.currency,
    approvedBy: order.approver ?? null,
    approvedAt: iso(order.approved_at),
    mechanicName: order.mechanic_name ?? null,
    signedOffAt: iso(order.signed_off_at),
    completedAt: iso(order.completed_at),
    serviceRecordId: order.service_record_id === null ? null : Number(order.service_record_id),
    notes: order.notes ?? null,
    parts: parts.map((part) => ({
      id: Number(part.id),
      item: part.name,
      quantity: Number(part.quantity),
      unitPrice: Number(part.unit_price_cents) / 100,
      stock: Number(part.stock),
    })),
    issues: issues.map((issue) => ({
      id: Number(issue.id),
      title: issue.title,
      priority: issue.priority,
      status: issue.status,
    })),
    openIssues: openIssues.map((issue: Record<string, any>) => ({
      id: Number(issue.id),
      title: issue.title,
      priority: issue.priority,
    })),
    items: items.map((item) => ({
      id: Number(item.id),
      name: item.name,
      stock: Number(item.quantity),
      unitPrice:
        item.purchase_price_cents === null ? null : Number(item.purchase_price_cents) / 100,
    })),
    totals: {
      parts: totals.partsCents / 100,
      labour: totals.labourCents / 100,
      total: totals.totalCents / 100,
    },
  }
}
