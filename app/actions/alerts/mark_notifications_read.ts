import db from '@adonisjs/lucid/services/db'

/**
 * Marks one of the member's notifications in the company read (kept read if it was);
 * false when there is no such notification of theirs there.
 */
export async function markNotificationRead(userId: number, companyId: number, id: number) {
  const updated = await db
    .from('notifications')
    .where({ id, user_id: userId, company_id: companyId })
    .update({ read_at: db.raw('coalesce(read_at, now())') })
  return (Array.isArray(updated) ? updated.length : Number(updated)) > 0
}

/** Marks every unread notification of the member in the company read. */
export async function markAllNotificationsRead(userId: number, companyId: number) {
  await db
    .from('notifications')
    .where({ user_id: userId, company_id: companyId })
    .whereNull('read_at')
    .update({ read_at: new Date() })
}
