import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { LockedJob, type JobResult } from './job.js'
import Webhook from '#models/webhook'
import WebhookDelivery from '#models/webhook_delivery'
import {
  backoffSeconds,
  MAX_ATTEMPTS,
  postDelivery,
  WebhookAddressError,
} from '#services/integrations/webhooks'

/** How long a claimed delivery is left alone by other runs while it is being POSTed. */
const LEASE_SECONDS = 120

/**
 * POSTs due webhook deliveries. A 2xx answer delivers; anything else (an error status, a
 * timeout, a refused connection) is tried again after a back-off (30 s doubling, at most
 * 6 h), and given up after MAX_ATTEMPTS. The last failure is shown on the webhook.
 * Deliveries are claimed in a short transaction (SKIP LOCKED, then leased for two minutes),
 * so several processes may run the job at once and no transaction waits on a receiver.
 */
export class WebhookDeliveryJob extends LockedJob {
  readonly name = 'webhook_delivery'

  constructor(private readonly batch = 50) {
    super()
  }

  protected async perform(now: DateTime): Promise<JobResult> {
    const claimed = await db.transaction(async (trx) => {
      const due = await WebhookDelivery.query({ client: trx })
        .where('status', 'pending')
        .where('next_attempt_at', '<=', now.toJSDate())
        .orderBy('next_attempt_at')
        .limit(this.batch)
        .forUpdate()
        .skipLocked()
      if (due.length > 0) {
        await trx
          .from('webhook_deliveries')
          .whereIn(
            'id',
            due.map((delivery) => delivery.id)
          )
          .update({ next_attempt_at: now.plus({ seconds: LEASE_SECONDS }).toJSDate() })
      }
      return due
    })

    for (const delivery of claimed) {
      const hook = await Webhook.find(delivery.webhookId)
      if (!hook || !hook.active) {
        delivery.status = 'failed'
        delivery.lastError = 'webhook disabled or removed'
        await delivery.save()
        continue
      }
      let error: string | null = null
      let status: number | null = null
      try {
        status = await postDelivery(hook, delivery)
        if (status < 200 || status >= 300) error = `HTTP ${status}`
      } catch (failure) {
        const cause = (failure as { cause?: { code?: string } }).cause?.code
        error =
          failure instanceof WebhookAddressError
            ? failure.message
            : (cause ?? (failure as Error).name ?? String(failure))
      }
      delivery.attempts += 1
      delivery.responseStatus = status
      if (error === null) {
        delivery.status = 'delivered'
        delivery.deliveredAt = now
        delivery.lastError = null
        hook.lastDeliveredAt = now
        hook.lastError = null
      } else {
        delivery.lastError = error.slice(0, 500)
        hook.lastError = error.slice(0, 500)
        if (delivery.attempts >= MAX_ATTEMPTS) delivery.status = 'failed'
        delivery.nextAttemptAt = now.plus({ seconds: backoffSeconds(delivery.attempts) })
      }
      await delivery.save()
      await hook.save()
    }
    return { affected: claimed.length }
  }
}
