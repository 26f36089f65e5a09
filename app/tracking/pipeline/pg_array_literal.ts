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

/**
 * One batch column's array literal, appended to value by value, for the columns written
 * for every position: no intermediate array of values, no type dispatch per element.
 */
export class ArrayLiteralBuilder {
  private literal = '{'
  private empty = true

  private add(part: string) {
    if (this.empty) this.empty = false
    else this.literal += ','
    this.literal += part
  }

  number(value: number | null | undefined) {
    this.add(value === null || value === undefined ? 'NULL' : String(value))
  }

  boolean(value: boolean | null | undefined) {
    this.add(value === null || value === undefined ? 'NULL' : value ? 't' : 'f')
  }

  text(value: string | null | undefined) {
    this.add(
      value === null || value === undefined ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`
    )
  }

  /**
   * A value as a JSON element. JSON text has no raw control characters (they are escaped), so
   * quoting it as a JSON string again escapes exactly the quotes and backslashes an array
   * element needs, natively and in one pass.
   */
  json(value: object) {
    this.add(JSON.stringify(JSON.stringify(value)))
  }

  toString(): string {
    return `${this.literal}}`
  }
}
