import { BaseTransformer } from '@adonisjs/core/transformers'
import type Webhook from '#models/webhook'

/** A webhook with its count of pending and failed deliveries. */
export type WebhookSource = { hook: Webhook; pending: number; failed: number }

/**
 * A webhook in the integrations page's list: never its secret. The page's type is generated
 * from this class (`Data.Settings.Webhook`).
 */
export default class WebhookTransformer extends BaseTransformer<WebhookSource> {
  toObject() {
    const { hook, pending, failed } = this.resource
    return {
      id: hook.id,
      url: hook.url,
      active: hook.active,
      lastError: hook.lastError,
      lastDeliveredAt: hook.lastDeliveredAt?.toISO() ?? null,
      pending,
      failed,
    }
  }
}

export function webhookForList(hook: Webhook, pending: number, failed: number) {
  return new WebhookTransformer({ hook, pending, failed }).toObject()
}
