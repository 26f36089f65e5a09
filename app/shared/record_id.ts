/**
 * Record ids are PostgreSQL `integer`s (serial / increments). An id beyond that
 * range can name no record, and the database refuses to compare with it (22003),
 * so routes and forms take only ids in range.
 */
export const MAX_RECORD_ID = 2_147_483_647

/** Digits of 1..2147483647 (leading zeros allowed), for route parameters. */
const ID_PATTERN =
  /^0*(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

export function isRecordId(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && ID_PATTERN.test(String(value))
}

/** Route matcher: `/assets/2147483648` matches no route and answers the localized 404. */
export const recordIdMatcher = { match: ID_PATTERN, cast: (value: string) => Number(value) }
