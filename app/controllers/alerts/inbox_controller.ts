import type { HttpContext } from '@adonisjs/core/http'
import { latestNotifications } from '#queries/alerts/inbox'
import {
  markAllNotificationsRead,
  markNotificationRead,
} from '#actions/alerts/mark_notifications_read'
import {
  renderNotification,
  type NotificationData,
} from '#services/notifications/notification_message'
import { unreadCount } from '#services/notifications/channels'
import { timezoneOf } from '#services/live/user_preferences'
import { recordIdMatcher } from '#shared/record_id'

/**
 * The in-app inbox behind the top bar's bell: the member's latest notifications in the
 * current company, worded in their language and time zone; mark one or all as read.
 */
export default class InboxController {
  async index({ auth, company, locale, response }: HttpContext) {
    const user = auth.user!
    if (!company) return response.json({ unread: 0, items: [] })
    const rows = await latestNotifications(user.id, company.id)
    const timezone = timezoneOf(user)
    return response.json({
      unread: await unreadCount(user.id, company!.id),
      items: rows.map((row) => {
        const text = renderNotification(row.data as NotificationData, locale, timezone)
        return {
          id: Number(row.id),
          title: text.title,
          body: text.body,
          url: new URL(text.url).pathname,
          read: row.read_at !== null,
          createdAt: new Date(row.created_at).toISOString(),
        }
      }),
    })
  }

  async read({ auth, company, params, response }: HttpContext) {
    const id = String(params.id)
    if (!company) return response.notFound({ error: 'Not found' })
    if (!recordIdMatcher.match.test(id)) return response.notFound({ error: 'Not found' })
    if (!(await markNotificationRead(auth.user!.id, company.id, Number(id)))) {
      return response.notFound({ error: 'Not found' })
    }
    return response.json({ unread: await unreadCount(auth.user!.id, company!.id) })
  }

  async readAll({ auth, company, response }: HttpContext) {
    if (!company) return response.json({ unread: 0 })
    await markAllNotificationsRead(auth.user!.id, company.id)
    return response.json({ unread: 0 })
  }
}
