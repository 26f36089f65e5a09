import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { recordForForm } from '#transformers/crud/resource_transformer'
import { apiResources, type ApiResource } from '#services/integrations/api_scopes'
import { queueRecordEvent, type RecordEventType } from '#services/integrations/record_webhooks'

/** Creations sent under a name of their own instead of `record.created`. */
const namedCreations: Record<string, RecordEventType> = { 'traffic-fines': 'fine.created' }

let registered = false

/**
 * Every write of an API resource's model (back-office pages, the API, imports) queues its
 * record event to the company's webhooks, inside the write's transaction: `record.created`,
 * `record.updated`, `record.deleted` (`fine.created` for a traffic fine). The record is sent
 * as the API reads it in a form: its id and form fields, money in units.
 */
export function registerRecordWebhooks() {
  if (registered) return
  registered = true
  const seen = new Set<LucidModel>()
  for (const api of apiResources) {
    const model = api.resource.write?.model
    if (!model || seen.has(model)) continue
    seen.add(model)
    const send = (type: RecordEventType) => async (record: LucidRow) => {
      await queueEvent(api, type, record)
    }
    model.after('create', send(namedCreations[api.name] ?? 'record.created'))
    model.after('update', send('record.updated'))
    model.after('delete', send('record.deleted'))
  }
}

async function queueEvent(api: ApiResource, type: RecordEventType, record: LucidRow) {
  const companyId = Number(record.$attributes.companyId)
  if (!Number.isSafeInteger(companyId)) return
  await queueRecordEvent(
    { companyId, type, resource: api.name, record: recordForForm(api.resource, record) },
    record.$trx
  )
}
