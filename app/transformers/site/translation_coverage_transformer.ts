import { BaseTransformer } from '@adonisjs/core/transformers'
import { translationCoverage, type TranslationFilter } from '#services/site/translation_coverage'

/**
 * The translator page: the filter as typed, each namespace's counts and the matching keys
 * with their English and Turkish texts (`Data.Site.TranslationCoverage`).
 */
export default class TranslationCoverageTransformer extends BaseTransformer<TranslationFilter> {
  toObject() {
    const filter = this.resource
    return {
      filter: {
        namespace: filter.namespace ?? '',
        status: filter.status ?? '',
        q: filter.q ?? '',
      },
      ...translationCoverage(filter),
    }
  }
}

export function translationCoverageForPage(filter: TranslationFilter) {
  return new TranslationCoverageTransformer(filter).toObject()
}
