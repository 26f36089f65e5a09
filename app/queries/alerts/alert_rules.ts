import db from '@adonisjs/lucid/services/db'

/** The two tables of company alert rules: notification rules and push rules. */
export type AlertRuleTable = 'notification_settings' | 'push_notification_settings'

/** One of the company's rules (its id); another company's rule is a 404. */
export async function findCompanyRule(table: AlertRuleTable, companyId: number, id: unknown) {
  const rule = await db
    .from(table)
    .where({ id: Number(id) || 0, company_id: companyId })
    .select('id')
    .firstOrFail()
  return rule as { id: number }
}

/** The company's notification rules by name, each with its pending and failed deliveries. */
export function notificationRules(companyId: number) {
  return db
    .from('notification_settings as s')
    .where('s.company_id', companyId)
    .orderBy('s.name')
    .orderBy('s.id')
    .select(
      's.*',
      db.raw(
        `(SELECT count(*) FROM notification_deliveries d WHERE d.setting_id = s.id AND d.status = 'pending') AS pending`
      ),
      db.raw(
        `(SELECT count(*) FROM notification_deliveries d WHERE d.setting_id = s.id AND d.status = 'failed') AS failed`
      )
    )
}

/** The company's push rules, oldest first. */
export function pushRules(companyId: number) {
  return db.from('push_notification_settings').where('company_id', companyId).orderBy('id')
}

/** The push endpoints of the member's browsers subscribed in the company. */
export async function pushEndpointsOf(companyId: number, userId: number) {
  const rows = await db
    .from('push_subscriptions')
    .where({ company_id: companyId, user_id: userId })
    .select('endpoint')
  return rows.map((row) => row.endpoint as string)
}
