/**
 * PostgreSQL errors that a request caused (a value the database refuses, a
 * unique key taken) as a client error: 422 or 409 with a localized message
 * (resources/lang/<locale>/input.json), never a 500. The causes are checked
 * earlier (validators, the table query contract); this is the net below them.
 */
export function clientDatabaseError(error: unknown): { status: number; key: string } | null {
  const code = (error as { code?: unknown })?.code
  // 57014 query_canceled: the statement timeout stopped a request too heavy for one answer
  // (docs/request-limits.md); the user narrows it, everyone else was served meanwhile.
  if (code === '57014') return { status: 422, key: 'input.errors.too_heavy' }
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return null
  // 23505 unique_violation, 23503 foreign_key_violation (a record still in use).
  if (code === '23505') return { status: 409, key: 'input.errors.conflict' }
  if (code === '23503') return { status: 409, key: 'input.errors.in_use' }
  if (code.startsWith('23')) return { status: 422, key: 'input.errors.invalid_value' }
  // Class 22, data exception: 22P02 invalid text, 22003 out of range, 22007/22008
  // dates, 2201B invalid regular expression, 22025 invalid escape, 22021 NUL byte...
  return { status: 422, key: 'input.errors.invalid_value' }
}
