/**
 * Inspections, issues and work orders (issue 30, item 1; docs/domain-rules.md). Both sides
 * read these lists and tables: the server enforces them, the pages offer only what they allow.
 */

/** An inspection passes when every item passes; one failed item fails it. */
export const inspectionResults = ['passed', 'failed'] as const

/**
 * The odometer an inspection reads is plausible against what the vehicle is known to have
 * done (the tracker's odometer and the latest inspection): at most ODOMETER_BEHIND_KM below
 * it (a tracker counts a little differently from the dashboard) and at most
 * ODOMETER_AHEAD_KM above the tracker's.
 */
export const ODOMETER_BEHIND_KM = 100
export const ODOMETER_AHEAD_KM = 5000
export const ODOMETER_MAX_KM = 10_000_000

/** The range of odometer readings accepted, from the known km (null: nothing known). */
export function plausibleOdometer(known: {
  trackerKm: number | null
  lastInspectionKm: number | null
}) {
  const floor = Math.max(known.trackerKm ?? 0, known.lastInspectionKm ?? 0)
  const min = Math.max(0, floor - ODOMETER_BEHIND_KM)
  const max =
    known.trackerKm && known.trackerKm > 0 ? known.trackerKm + ODOMETER_AHEAD_KM : ODOMETER_MAX_KM
  return { min, max: Math.max(min, max) }
}

/** Issues of a vehicle: how urgent, and where they stand. */
export const issuePriorities = ['low', 'medium', 'high', 'critical'] as const
export const issueStatuses = ['open', 'resolved', 'closed'] as const
export type IssueStatus = (typeof issueStatuses)[number]

/** A failed item of an inspection opens an issue of this priority. */
export const FAILED_ITEM_PRIORITY = 'high'

/**
 * Work orders:
 *
 *   action            from                          to
 *   start             open                          in_progress
 *   request_approval  in_progress                   awaiting_approval
 *   approve           awaiting_approval (no stamp)  awaiting_approval, cost approved (who, when)
 *   reopen            awaiting_approval             in_progress (approval withdrawn)
 *   complete          awaiting_approval, approved   completed (mechanic's name and time)
 *
 * Parts and labour change only while open or in progress (the approved cost cannot move).
 * `completed` is final. Approving needs the approveWorkOrderCosts ability (app/abilities).
 */
export const workOrderStatuses = ['open', 'in_progress', 'awaiting_approval', 'completed'] as const
export type WorkOrderStatus = (typeof workOrderStatuses)[number]

export const workOrderActions = [
  'start',
  'request_approval',
  'approve',
  'reopen',
  'complete',
] as const
export type WorkOrderAction = (typeof workOrderActions)[number]

export interface WorkOrderState {
  status: string
  approved: boolean
}

const rules: Record<
  WorkOrderAction,
  { from: WorkOrderStatus; approved?: boolean; to: WorkOrderStatus }
> = {
  start: { from: 'open', to: 'in_progress' },
  request_approval: { from: 'in_progress', to: 'awaiting_approval' },
  approve: { from: 'awaiting_approval', approved: false, to: 'awaiting_approval' },
  reopen: { from: 'awaiting_approval', to: 'in_progress' },
  complete: { from: 'awaiting_approval', approved: true, to: 'completed' },
}

/** The status an action leads to, or null when the work order does not allow it. */
export function workOrderNext(
  state: WorkOrderState,
  action: WorkOrderAction
): WorkOrderStatus | null {
  const rule = rules[action]
  if (state.status !== rule.from) return null
  if (rule.approved !== undefined && rule.approved !== state.approved) return null
  return rule.to
}

/** The actions a work order offers now. */
export function workOrderActionsFrom(state: WorkOrderState): WorkOrderAction[] {
  return workOrderActions.filter((action) => workOrderNext(state, action) !== null)
}

/** Parts and labour may change (the cost is not yet submitted for approval). */
export function costEditable(status: string) {
  return status === 'open' || status === 'in_progress'
}

/** Totals of a work order in cents: parts (quantity × unit price) plus labour (hours × rate). */
export function workOrderTotals(
  parts: { quantity: number; unitPriceCents: number }[],
  labourHours: number,
  labourRateCents: number
) {
  const partsCents = parts.reduce((sum, part) => sum + part.quantity * part.unitPriceCents, 0)
  const labourCents = Math.round(labourHours * labourRateCents)
  return { partsCents, labourCents, totalCents: partsCents + labourCents }
}

/** SQL of the same totals over a work order alias `w` (the lists and reports). */
export const PARTS_CENTS_SQL = (alias: string) =>
  `coalesce((SELECT sum(p.quantity * p.unit_price_cents) FROM work_order_parts p WHERE p.work_order_id = ${alias}.id), 0)`
export const LABOUR_CENTS_SQL = (alias: string) =>
  `round(${alias}.labour_hours * ${alias}.labour_rate_cents)`

/** A work order as its page shows it (app/queries/fleet/work_orders.ts). */
export type WorkOrderDetail = {
  id: number
  title: string
  status: string
  deviceId: number | null
  vehicle: string | null
  plate: string | null
  vendor: string | null
  maintenanceType: string | null
  odometerKm: number | null
  labourHours: number
  labourRate: number
  currency: string
  approvedBy: string | null
  approvedAt: string | null
  mechanicName: string | null
  signedOffAt: string | null
  completedAt: string | null
  serviceRecordId: number | null
  notes: string | null
  parts: { id: number; item: string; quantity: number; unitPrice: number; stock: number }[]
  issues: { id: number; title: string; priority: string; status: string }[]
  openIssues: { id: number; title: string; priority: string }[]
  items: { id: number; name: string; stock: number; unitPrice: number | null }[]
  totals: { parts: number; labour: number; total: number }
}
