import { BaseTransformer } from '@adonisjs/core/transformers'

/** What a test message through the company's own provider answered. */
export type ProviderTestResult = { ok: boolean; message: string }

/**
 * The last test message's result as the e-mail and SMS settings pages show it; their type is
 * generated from this class (`Data.Settings.ProviderTestResult`).
 */
export default class ProviderTestResultTransformer extends BaseTransformer<ProviderTestResult> {
  toObject() {
    return { ok: this.resource.ok, message: this.resource.message }
  }
}

export function providerTestResultForPage(result: ProviderTestResult | null) {
  return result ? new ProviderTestResultTransformer(result).toObject() : null
}
