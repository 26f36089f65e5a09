import db from '@adonisjs/lucid/services/db'

/** How many notifications of the inbox's list (the latest). */
export const INBOX_SIZE = 30

export type InboxRow = {
  id: number | string
  data: unknown
  read_at: Date | null
  created_at: Date | string
}

/** A member's latest notifications in one company, newest first. */
export async function latestNotifications(userId: number, companyId: number) {
  return (await db
    .from('notifications')
    .where({ user_id: userId, company_id: companyId })
    .orderBy('id', 'desc')
    .limit(INBOX_SIZE)) as InboxRow[]
}
