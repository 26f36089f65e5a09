/**
 * A CSV or XLSX export writes at most this many cells (rows × the report's columns; the PDF
 * prints its first rows whatever the total): about 10 s of writing on this project's machine,
 * and under XLSX's 1,048,576 rows a sheet. Beyond it the export is refused, and the report
 * page says so before anyone presses the button.
 */
export const EXPORT_CELL_LIMIT = 1_600_000

/** The most rows a CSV or XLSX export of a report with this many columns takes. */
export function exportRowLimit(columns: number) {
  return Math.floor(EXPORT_CELL_LIMIT / Math.max(1, columns))
}

/**
 * Whether an export of `total` rows (or more, when `lowerBound`: a report that stops counting
 * at its limit) is refused for its size. The PDF is never refused: it prints the first rows.
 */
export function exportTooLarge(format: string, total: number, columns: number, lowerBound = false) {
  const limit = exportRowLimit(columns)
  return format !== 'pdf' && (total > limit || (lowerBound && total >= limit))
}
