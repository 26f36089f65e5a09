/**
 * How a translation key stands (the translator page): `missing` when one language lacks
 * it, `identical` when both read the same (often untranslated), else `ok`.
 */
export const translationStatuses = ['missing', 'identical', 'ok'] as const
export type TranslationStatus = (typeof translationStatuses)[number]
