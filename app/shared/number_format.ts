/**
 * One `Intl.NumberFormat` per language and options, made once and kept: making one costs far
 * more than formatting with it (about 60 µs a plain one, 300 µs a currency one, against about
 * 15 µs a formatted number), and a report page formats hundreds of cells on the server, again
 * when it hydrates and again in the grid.
 */
const formats = new Map<string, Intl.NumberFormat>()

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    // A bad currency code throws here, as `new Intl.NumberFormat` would: nothing is kept.
    format = new Intl.NumberFormat(locale, options)
    formats.set(key, format)
  }
  return format
}
