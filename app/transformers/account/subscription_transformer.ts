import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SubscriptionRow } from '#services/billing/subscriptions'

/**
 * A subscription row as the subscriptions page and the account overview show it (dates as
 * ISO, shown in user format); their type is generated from this class (`Data.Account.Subscription`).
 */
export default class SubscriptionTransformer extends BaseTransformer<SubscriptionRow> {
  toObject() {
    const row = this.resource
    return {
      id: row.id,
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      plate: row.plate,
      imei: row.imei,
      plan: row.plan,
      state: row.state,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      remainingDays: row.remainingDays,
      isNew: row.isNew,
      lastExtensionMonths: row.lastExtensionMonths,
      lastDiscountCode: row.lastDiscountCode,
    }
  }
}

export function subscriptionForList(row: SubscriptionRow) {
  return new SubscriptionTransformer(row).toObject()
}
