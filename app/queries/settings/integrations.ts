import db from '@adonisjs/lucid/services/db'
import ApiToken from '#models/api_token'
import Webhook from '#models/webhook'

/** The company's API tokens, newest first. */
export function companyApiTokens(companyId: number) {
  return ApiToken.query().where('company_id', companyId).orderBy('created_at', 'desc')
}

/** The company's webhooks, oldest first. */
export function companyWebhooks(companyId: number) {
  return Webhook.query().where('company_id', companyId).orderBy('id')
}

/** One of the company's API tokens; another company's is a 404. */
export function findCompanyApiToken(companyId: number, id: unknown) {
  return ApiToken.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}

/** One of the company's webhooks; another company's is a 404. */
export function findCompanyWebhook(companyId: number, id: unknown) {
  return Webhook.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}

/** How many deliveries of each of the company's webhooks wait (pending) or failed. */
export async function webhookDeliveryCounts(companyId: number) {
  const rows = await db
    .from('webhook_deliveries')
    .where('company_id', companyId)
    .whereIn('status', ['pending', 'failed'])
    .groupBy('webhook_id', 'status')
    .select('webhook_id', 'status')
    .count('* as n')
  return (webhookId: number, status: 'pending' | 'failed') =>
    Number(rows.find((row: any) => row.webhook_id === webhookId && row.status === status)?.n ?? 0)
}
