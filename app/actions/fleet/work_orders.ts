import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  costEditable,
  issueStatuses,
  workOrderNext,
  workOrderTotals,
  type IssueStatus,
  type WorkOrderAction,
} from '#shared/inspections'
import { rollMaintenanceSchedule } from '#actions/fleet/roll_maintenance_schedule'
import { queueRecordEvent } from '#services/integrations/record_webhooks'

/**
 * The rules of issues and work orders (issue 30; the table is app/shared/inspections.ts).
 * Each refusal names a message of `fleet_ops` (with its data) and changes nothing.
 */
export class WorkOrderRefused extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, string | number> = {},
    readonly field = 'action'
  ) {
    super(key)
  }
}

/** Issues move open → resolved or closed, and resolved → closed; closed is final. */
const issueMoves: Record<IssueStatus, IssueStatus[]> = {
  open: ['open', 'resolved', 'closed'],
  resolved: ['resolved', 'closed'],
  closed: ['closed'],
}

/**
 * Whether an issue's write may store `values`: its status move, and the work order it joins
 * (the company's, the same vehicle, not completed). Null when allowed.
 */
export async function issueStatusAllowed(
  companyId: number,
  id: number | null,
  values: Record<string, unknown>
): Promise<{ field: string; key: string; data?: Record<string, string> } | null> {
  const to = String(values.status ?? 'open') as IssueStatus
  if (id !== null) {
    const existing = await db
      .from('fleet_issues')
      .where('id', id)
      .where('company_id', companyId)
      .select('status')
      .first()
    const from = (existing?.status ?? 'open') as IssueStatus
    if (issueStatuses.includes(from) && !issueMoves[from].includes(to)) {
      return { field: 'status', key: 'issues.status_refused', data: { from, to } }
    }
  }
  const workOrderId = values.work_order_id
  if (workOrderId) {
    const order = await db
      .from('work_orders')
      .where('id', Number(workOrderId))
      .where('company_id', companyId)
      .select('device_id', 'status')
      .first()
    if (!order || Number(order.device_id) !== Number(values.device_id)) {
      return { field: 'work_order_id', key: 'issues.other_vehicle' }
    }
    if (order.status === 'completed') {
      return { field: 'work_order_id', key: 'issues.order_completed' }
    }
  }
  return null
}

/** The company's work order, locked for the change, or a refusal (answered 404). */
async function lockOrder(trx: TransactionClientContract, companyId: number, id: number) {
  const order = await trx
    .from('work_orders')
    .where('id', id)
    .where('company_id', companyId)
    .forUpdate()
    .first()
  if (!order) throw new WorkOrderNotFound()
  return order
}

export class WorkOrderNotFound extends Error {}

function refuseUnlessEditable(order: { status: string }) {
  if (!costEditable(order.status)) {
    throw new WorkOrderRefused('work_orders.locked', { status: order.status })
  }
}

/** Adds a part from inventory (the company's item) at a quantity and unit price. */
export async function addWorkOrderPart(
  companyId: number,
  id: number,
  part: { inventoryItemId: number; quantity: number; unitPriceCents: number }
) {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, companyId, id)
    refuseUnlessEditable(order)
    const item = await trx
      .from('inventory_items')
      .where('id', part.inventoryItemId)
      .where('company_id', companyId)
      .first()
    if (!item) throw new WorkOrderRefused('work_orders.unknown_item', {}, 'inventory_item_id')
    await trx.table('work_order_parts').insert({
      company_id: companyId,
      work_order_id: id,
      inventory_item_id: part.inventoryItemId,
      quantity: part.quantity,
      unit_price_cents: part.unitPriceCents,
      created_at: new Date(),
    })
  })
}

export async function removeWorkOrderPart(companyId: number, id: number, partId: number) {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, companyId, id)
    refuseUnlessEditable(order)
    const removed = await trx
      .from('work_order_parts')
      .where('id', partId)
      .where('work_order_id', id)
      .where('company_id', companyId)
      .delete()
    if (!Number(removed)) throw new WorkOrderNotFound()
  })
}

/** Groups an open issue of the same vehicle into the work order. */
export async function attachIssue(companyId: number, id: number, issueId: number) {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, companyId, id)
    if (order.status === 'completed') {
      throw new WorkOrderRefused('work_orders.locked', { status: order.status }, 'issue_id')
    }
    const issue = await trx
      .from('fleet_issues')
      .where('id', issueId)
      .where('company_id', companyId)
      .first()
    if (!issue) throw new WorkOrderNotFound()
    if (Number(issue.device_id) !== Number(order.device_id)) {
      throw new WorkOrderRefused('issues.other_vehicle', {}, 'issue_id')
    }
    if (issue.status !== 'open') throw new WorkOrderRefused('issues.not_open', {}, 'issue_id')
    await trx.from('fleet_issues').where('id', issueId).update({ work_order_id: id })
  })
}

export async function detachIssue(companyId: number, id: number, issueId: number) {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, companyId, id)
    if (order.status === 'completed') {
      throw new WorkOrderRefused('work_orders.locked', { status: order.status })
    }
    const changed = await trx
      .from('fleet_issues')
      .where('id', issueId)
      .where('company_id', companyId)
      .where('work_order_id', id)
      .update({ work_order_id: null })
    if (!Number(changed)) throw new WorkOrderNotFound()
  })
}

/**
 * Moves a work order by one action of the table (app/shared/inspections.ts). `approve` stamps
 * who approved the cost and when; `reopen` withdraws it; `complete` needs the mechanic's name
 * and runs the completion (completeWorkOrder). The caller has asked the abilities.
 */
export async function transitionWorkOrder(
  companyId: number,
  id: number,
  action: WorkOrderAction,
  by: { userId: number; mechanicName?: string | null; today: string }
) {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, companyId, id)
    const next = workOrderNext(
      { status: order.status, approved: Boolean(order.approved_at) },
      action
    )
    if (!next) {
      throw new WorkOrderRefused(`work_orders.refused.${action}`, { status: order.status })
    }
    if (action === 'request_approval') {
      const parts = await trx.from('work_order_parts').where('work_order_id', id).count('* as n')
      if (Number(parts[0].n) === 0 && Number(order.labour_hours) === 0) {
        throw new WorkOrderRefused('work_orders.no_cost')
      }
    }
    if (action === 'complete') {
      await completeWorkOrder(trx, order, by.mechanicName ?? '', by.today)
      const completed = await trx.from('work_orders').where('id', id).first()
      await queueRecordEvent(
        { companyId, type: 'work_order.completed', resource: 'work-orders', record: completed },
        trx
      )
      return next
    }
    const changes: Record<string, unknown> = { status: next, updated_at: new Date() }
    if (action === 'approve')
      Object.assign(changes, { approved_by: by.userId, approved_at: new Date() })
    if (action === 'reopen') Object.assign(changes, { approved_by: null, approved_at: null })
    await trx.from('work_orders').where('id', id).update(changes)
    return next
  })
}

/**
 * Completing a work order (one transaction): takes its parts from stock (refused, nothing
 * taken, when an item is short), writes the service record with the total (the fleet
 * summary's costs and cost per km read it), writes a completed maintenance record of the type
 * it covers and rolls that schedule forward, resolves its open issues and records the
 * mechanic's sign-off.
 */
async function completeWorkOrder(
  trx: TransactionClientContract,
  order: Record<string, any>,
  mechanicName: string,
  today: string
) {
  const name = mechanicName.trim()
  if (!name) throw new WorkOrderRefused('work_orders.mechanic_required', {}, 'mechanic_name')
  const parts = await trx
    .from('work_order_parts as p')
    .join('inventory_items as i', 'i.id', 'p.inventory_item_id')
    .where('p.work_order_id', order.id)
    .select('p.inventory_item_id', 'p.quantity', 'p.unit_price_cents', 'i.name')
  const needed = new Map<number, { name: string; quantity: number }>()
  for (const part of parts) {
    const entry = needed.get(part.inventory_item_id) ?? { name: part.name, quantity: 0 }
    entry.quantity += Number(part.quantity)
    needed.set(part.inventory_item_id, entry)
  }
  const ids = [...needed.keys()].sort((a, b) => a - b)
  const stock = ids.length
    ? await trx
        .from('inventory_items')
        .whereIn('id', ids)
        .where('company_id', order.company_id)
        .orderBy('id')
        .forUpdate()
        .select('id', 'quantity')
    : []
  for (const row of stock) {
    const want = needed.get(row.id)!
    if (Number(row.quantity) < want.quantity) {
      throw new WorkOrderRefused('work_orders.stock_short', {
        item: want.name,
        needed: want.quantity,
        stock: Number(row.quantity),
      })
    }
  }
  for (const row of stock) {
    await trx
      .from('inventory_items')
      .where('id', row.id)
      .update({
        quantity: Number(row.quantity) - needed.get(row.id)!.quantity,
        updated_at: new Date(),
      })
  }

  const totals = workOrderTotals(
    parts.map((part) => ({
      quantity: Number(part.quantity),
      unitPriceCents: Number(part.unit_price_cents),
    })),
    Number(order.labour_hours),
    Number(order.labour_rate_cents)
  )
  const issues = await trx
    .from('fleet_issues')
    .where('work_order_id', order.id)
    .orderBy('id')
    .select('title')
  let km: number | null = order.odometer_km === null ? null : Number(order.odometer_km)
  if (km === null && order.device_id) {
    const state = await trx.from('device_states').where('device_id', order.device_id).first()
    km = state ? Math.floor(Number(state.odometer ?? 0) / 1000) : null
  }
  const reference = `WO-${order.id}`
  const now = new Date()
  const [service] = await trx
    .table('service_records')
    .insert({
      company_id: order.company_id,
      device_id: order.device_id,
      service_point_id: order.service_point_id,
      action_performed: String(order.title).slice(0, 500),
      reason: order.maintenance_type ? 'periodic_maintenance' : 'fault',
      entry_date: order.created_at,
      exit_date: today,
      km,
      complaints: issues.map((issue) => issue.title).join('\n') || null,
      description: order.notes,
      invoice_number: reference,
      officer: name.slice(0, 200),
      amount_cents: totals.totalCents,
      currency: order.currency,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  let maintenanceId: number | null = null
  if (order.maintenance_type) {
    const [maintenance] = await trx
      .table('maintenance_records')
      .insert({
        company_id: order.company_id,
        device_id: order.device_id,
        maintenance_type: order.maintenance_type,
        record_date: today,
        description: order.notes,
        completed: true,
        due: false,
        reason: String(order.title).slice(0, 200),
        distance_km: km,
        cost_cents: totals.totalCents,
        currency: order.currency,
        reference,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    maintenanceId = Number(maintenance.id)
    await rollMaintenanceSchedule(trx, order.device_id, order.maintenance_type)
  }
  await trx
    .from('fleet_issues')
    .where('work_order_id', order.id)
    .where('status', 'open')
    .update({ status: 'resolved', resolved_at: now, updated_at: now })
  await trx
    .from('work_orders')
    .where('id', order.id)
    .update({
      status: 'completed',
      mechanic_name: name.slice(0, 200),
      signed_off_at: now,
      completed_at: now,
      odometer_km: km,
      service_record_id: Number(service.id),
      maintenance_record_id: maintenanceId,
      updated_at: now,
    })
}
