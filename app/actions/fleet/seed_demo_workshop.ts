import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { FAILED_ITEM_PRIORITY } from '#shared/inspections'

const CHECKLIST = [
  'Brake lights',
  'Headlights and indicators',
  'Tyres and tread depth',
  'Wipers and washer fluid',
  'Horn',
  'First aid kit and warning triangle',
]

const PARTS = [
  { name: 'Brake light bulb P21W', category: 'Spare parts', quantity: 40, priceCents: 4_500 },
  { name: 'Wiper blade 600 mm', category: 'Spare parts', quantity: 12, priceCents: 32_000 },
  { name: 'Oil filter', category: 'Spare parts', quantity: 20, priceCents: 18_000 },
]

export interface DemoWorkshopInput {
  companyId: number
  /** The company's owner: the inspector and the work order's author. */
  userId: number | null
  vehicles: { id: number; driverId: number; odometerKm: number }[]
  /** An ISO date `offset` days from today. */
  day: (offset: number) => string
  now: Date
}

/**
 * The demo company's workshop (issue 30): a checklist, a week of inspections filed by the
 * drivers (all passed but two), the issues the failed items opened, and a work order in
 * progress that groups the first vehicle's issue with a part from stock and labour, so the
 * inspections, issues and work-order pages and their reports show the whole flow.
 */
export async function seedDemoWorkshop(trx: TransactionClientContract, input: DemoWorkshopInput) {
  const { companyId, userId, vehicles, day, now } = input
  const base = { company_id: companyId, created_at: now }
  const items = await trx
    .table('inspection_items')
    .multiInsert(CHECKLIST.map((name, position) => ({ ...base, name, position, active: true })))
    .returning(['id', 'name'])
  const parts = await trx
    .table('inventory_items')
    .multiInsert(
      PARTS.map((part) => ({
        ...base,
        name: part.name,
        type: 'non_returnable',
        category: part.category,
        quantity: part.quantity,
        purchase_price_cents: part.priceCents,
        currency: 'TRY',
        supplier: 'Ümraniye Oto Yedek Parça',
        location: 'Depot shelf B',
      }))
    )
    .returning(['id'])

  // Failed: the first vehicle's brake light (3 days ago) and the third's wipers (yesterday).
  const failures = new Map<number, { item: string; note: string }>([
    [0, { item: 'Brake lights', note: 'Left brake light does not come on.' }],
    [2, { item: 'Wipers and washer fluid', note: 'Driver-side wiper blade torn.' }],
  ])
  const issues: { vehicleIndex: number; id: number }[] = []
  for (const [index, vehicle] of vehicles.slice(0, 6).entries()) {
    const failure = failures.get(index)
    const inspectedAt = new Date(`${day(index === 2 ? -1 : -3 - index)}T07:30:00Z`)
    const [inspection] = await trx
      .table('inspections')
      .insert({
        ...base,
        device_id: vehicle.id,
        driver_id: vehicle.driverId,
        inspector_id: userId,
        inspected_at: inspectedAt,
        odometer_km: Math.max(0, vehicle.odometerKm - 150 + index * 10),
        result: failure ? 'failed' : 'passed',
        failed_count: failure ? 1 : 0,
        notes: null,
      })
      .returning('id')
    const results = await trx
      .table('inspection_results')
      .multiInsert(
        items.map((item) => ({
          company_id: companyId,
          inspection_id: inspection.id,
          inspection_item_id: item.id,
          item_name: item.name,
          passed: item.name !== failure?.item,
          note: failure && item.name === failure.item ? failure.note : null,
        }))
      )
      .returning(['id', 'item_name'])
    if (!failure) continue
    const result = results.find((row) => row.item_name === failure.item)!
    const [issue] = await trx
      .table('fleet_issues')
      .insert({
        ...base,
        device_id: vehicle.id,
        inspection_id: inspection.id,
        inspection_result_id: result.id,
        reported_by: userId,
        title: failure.item,
        description: failure.note,
        priority: FAILED_ITEM_PRIORITY,
        status: 'open',
      })
      .returning('id')
    issues.push({ vehicleIndex: index, id: issue.id })
  }

  const first = vehicles[0]
  const [order] = await trx
    .table('work_orders')
    .insert({
      ...base,
      device_id: first.id,
      service_point_id: null,
      title: 'Replace left brake light bulb',
      status: 'in_progress',
      odometer_km: first.odometerKm,
      labour_hours: 0.5,
      labour_rate_cents: 90_000,
      currency: 'TRY',
      created_by: userId,
      notes: 'In-house, at the depot.',
    })
    .returning('id')
  await trx.table('work_order_parts').insert({
    company_id: companyId,
    work_order_id: order.id,
    inventory_item_id: parts[0].id,
    quantity: 2,
    unit_price_cents: PARTS[0].priceCents,
    created_at: now,
  })
  const firstIssue = issues.find((issue) => issue.vehicleIndex === 0)
  if (firstIssue) {
    await trx.from('fleet_issues').where('id', firstIssue.id).update({ work_order_id: order.id })
  }
}
