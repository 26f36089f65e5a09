/** Only paths on this site: never "//evil.example" or an absolute URL. */
export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
}
