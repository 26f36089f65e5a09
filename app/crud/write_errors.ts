/**
 * The user-facing reason a database write failed, as an i18n key: the raw
 * database text is logged, never shown.
 */
export function failureReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case '23505':
      return 'messages.record.reasons.duplicate'
    case '23503':
      return 'messages.record.reasons.in_use'
    case '23502':
    case '23514':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return 'messages.record.reasons.invalid'
    default:
      return 'messages.record.reasons.unexpected'
  }
}
