import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'

/**
 * The record events a company's webhooks receive (docs/api.md), besides the tracker events
 * (`type: "event"`): the four named ones of the fleet's flows, and the generic created /
 * updated / deleted of every API resource (a traffic fine's creation is sent as
 * `fine.created`, not also as `record.created`).
 */
export const recordEventTypes = [
  'fine.created',
  'leave.decided',
  'work_order.completed',
  'inspection.failed',
  'record.created',
  'record.updated',
  'record.deleted',
] as const
export type RecordEventType = (typeof recordEventTypes)[number]

export interface RecordEvent {
  companyId: number
  type: RecordEventType
  /** The API resource (`traffic-fines`) or table (`leave-requests`) the record belongs to. */
  resource: string
  record: Record<string, unknown>
}

/**
 * Queues a record event for every active webhook of its company, in the writer's transaction
 * when there is one (`client`): a rolled-back write sends nothing. The webhook delivery job
 * POSTs it, signed over timestamp and body, with its retries. Returns the deliveries queued.
 */
export async function queueRecordEvent(
  event: RecordEvent,
  client?: QueryClientContract
): Promise<number> {
  const hooks = await activeHooks(event.companyId, client)
  if (hooks.length === 0) return 0
  const payload = {
    type: event.type,
    time: new Date().toISOString(),
    resource: event.resource,
    record: jsonSafe(event.record),
  }
  const now = DateTime.now()
  await WebhookDelivery.createMany(
    hooks.map((hook) => ({
      webhookId: hook.id,
      companyId: event.companyId,
      payload,
      status: 'pending' as const,
      attempts: 0,
      nextAttemptAt: now,
    })),
    { client: client ?? db.connection() }
  )
  return hooks.length
}

/**
 * The company's active webhooks, asked once per transaction: an import writing thousands of
 * records in one transaction asks once, not once per record.
 */
const hooksOfTransaction = new WeakMap<
  QueryClientContract,
  Map<number, Promise<{ id: number }[]>>
>()

function activeHooks(companyId: number, client?: QueryClientContract) {
  const ask = () =>
    Webhook.query({ client: client ?? db.connection() })
      .where('company_id', companyId)
      .where('active', true)
      .select('id')
      .then((rows) => rows.map((row) => ({ id: row.id })))
  if (!client?.isTransaction) return ask()
  let byCompany = hooksOfTransaction.get(client)
  if (!byCompany) {
    byCompany = new Map()
    hooksOfTransaction.set(client, byCompany)
  }
  let hooks = byCompany.get(companyId)
  if (!hooks) {
    hooks = ask()
    byCompany.set(companyId, hooks)
  }
  return hooks
}

/** Dates as ISO text, bigints as numbers: what JSON.stringify would otherwise refuse or mangle. */
function jsonSafe(record: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      value instanceof Date
        ? value.toISOString()
        : DateTime.isDateTime(value)
          ? value.toISO()
          : typeof value === 'bigint'
            ? Number(value)
            : value,
    ])
  )
}
