/** Text-format COPY field: NULL as \N; backslash, tab, newline and CR escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N'
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'
  )
}
