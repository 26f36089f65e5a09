/**
 * A PostgreSQL array literal ('{1,2.5,NULL}') of one batch column, built in one pass.
 * node-postgres would turn every element into a quoted, twice-escaped string first, numbers
 * included; for a batch of thousands of rows that was a large share of the listener's CPU.
 * Strings are always quoted (so '', 'NULL' and commas stay text); numbers, booleans and
 * dates need no quoting.
 */
export function pgArrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length)
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i])
  return `{${parts.join(',')}}`
}

function element(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return String(value)
    case 'boolean':
      return value ? 't' : 'f'
    case 'string':
      return `"${value.replace(/[\\"]/g, '\\$&')}"`
    case 'undefined':
      return 'NULL'
    default:
      if (value === null) return 'NULL'
      if (value instanceof Date) return value.toISOString()
      throw new TypeError(`cannot store ${typeof value} in an array column`)
  }
}
