import db from '@adonisjs/lucid/services/db'

export type PushSubscriptionInput = {
  endpoint: string
  companyId: number
  userId: number
  p256dh: string
  auth: string
  userAgent: string
}

/** One row per browser (endpoint): subscribing again moves it to this user and company. */
export async function subscribeBrowser(input: PushSubscriptionInput) {
  await db.rawQuery(
    `INSERT INTO push_subscriptions (endpoint, company_id, user_id, p256dh, auth, user_agent, created_at)
     VALUES (?, ?, ?, ?, ?, ?, now())
     ON CONFLICT (endpoint) DO UPDATE SET company_id = EXCLUDED.company_id,
       user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       user_agent = EXCLUDED.user_agent`,
    [input.endpoint, input.companyId, input.userId, input.p256dh, input.auth, input.userAgent]
  )
}

/** Forgets the member's browser subscription (another member's is left alone). */
export async function unsubscribeBrowser(userId: number, endpoint: string) {
  await db.from('push_subscriptions').where({ endpoint, user_id: userId }).delete()
}
