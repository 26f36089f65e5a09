import { BaseTransformer } from '@adonisjs/core/transformers'
import type { RenewalKind, RenewalStatus } from '#shared/renewals'

/** The renewals page's filters as asked, and the company's reminder window. */
export type RenewalFiltersSource = {
  input: { kind?: RenewalKind; status?: RenewalStatus; withinDays?: number }
  reminderDays: number
}

/**
 * The renewals page's filters: a kind and a status (null: all) and the window in days (the
 * company's reminder days unless asked). The page's type is generated from this class
 * (`Data.Fleet.RenewalFilters`).
 */
export default class RenewalFiltersTransformer extends BaseTransformer<RenewalFiltersSource> {
  toObject() {
    const { input, reminderDays } = this.resource
    return {
      kind: input.kind ?? null,
      status: input.status ?? null,
      withinDays: input.withinDays ?? reminderDays,
    }
  }
}

export function renewalFiltersOf(source: RenewalFiltersSource) {
  return new RenewalFiltersTransformer(source).toObject()
}
