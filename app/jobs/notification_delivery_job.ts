import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { LockedJob, type JobResult } from './job.js'
import {
  channelSenders,
  PermanentDeliveryError,
  type Delivery,
} from '#services/notifications/channels'

/** Attempts before a delivery is given up. */
export const MAX_ATTEMPTS = 5
/** How long a claimed delivery is hidden from other workers while it is being sent. */
const LEASE_MS = 5 * 60_000

/** Back-off after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min. */
export function retryDelayMs(attempts: number) {
  return 30_000 * 4 ** Math.max(0, attempts - 1)
}

/**
 * Sends queued deliveries (e-mail, SMS, in-app inbox, web push), outside the ingest path:
 * a slow mail server or SMS provider only delays this job. Each run claims what is due
 * (SKIP LOCKED, so several processes share the queue), sends it, and on failure schedules
 * a retry with back-off; after MAX_ATTEMPTS it is marked failed. The last failure is shown
 * on the rule until a delivery of that rule succeeds again.
 */
export class NotificationDeliveryJob extends LockedJob {
  readonly name = 'notification_delivery'

  constructor(private readonly senders = channelSenders) {
    super()
  }

  protected async perform(now: DateTime): Promise<JobResult> {
    const { rows } = await db.rawQuery(
      `UPDATE notification_deliveries SET attempts = attempts + 1, next_attempt_at = ?
        WHERE id IN (SELECT id FROM notification_deliveries
                      WHERE status = 'pending' AND next_attempt_at <= ?
                      ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [new Date(now.toMillis() + LEASE_MS), now.toJSDate()]
    )
    let sent = 0
    const claimed = (rows as Record<string, any>[]).sort((a, b) => Number(a.id) - Number(b.id))
    for (const row of claimed) {
      const delivery: Delivery = {
        id: Number(row.id),
        companyId: row.company_id,
        settingId: row.setting_id,
        channel: row.channel,
        recipient: row.recipient,
        payload: row.payload,
        attempts: row.attempts,
      }
      try {
        await this.senders[delivery.channel](delivery)
        sent++
        await db
          .from('notification_deliveries')
          .where('id', delivery.id)
          .update({ status: 'sent', sent_at: new Date(), last_error: null })
        if (delivery.settingId) {
          await db
            .from('notification_settings')
            .where('id', delivery.settingId)
            .whereNotNull('last_error')
            .update({ last_error: null, last_error_at: null })
        }
      } catch (error) {
        const message = (error as Error).message?.slice(0, 1000) || String(error)
        const permanent = error instanceof PermanentDeliveryError
        const giveUp = permanent || delivery.attempts >= MAX_ATTEMPTS
        await db
          .from('notification_deliveries')
          .where('id', delivery.id)
          .update({
            status: giveUp ? 'failed' : 'pending',
            last_error: message,
            next_attempt_at: new Date(now.toMillis() + retryDelayMs(delivery.attempts)),
          })
        if (delivery.settingId) {
          await db
            .from('notification_settings')
            .where('id', delivery.settingId)
            .update({
              last_error: `${delivery.channel} ${delivery.recipient}: ${message}`,
              last_error_at: now.toJSDate(),
            })
        }
      }
    }
    return { affected: sent }
  }
}
