import { renderPdf } from '#services/site/pdf_renderer'
import { formatDateTime } from '#shared/date_format'
import { formatReportValue } from '#shared/report_values'
import type { ReportDocument } from './document.js'

/** A PDF stops here; the last line says so and points to XLSX for every row. */
export const PDF_ROW_LIMIT = 2000

/** Rows formatted between two turns of the event loop while the print HTML is assembled. */
const YIELD_ROWS = 200

/** Above this many columns the table prints on landscape pages (plates and places stay on one line). */
const PORTRAIT_COLUMNS = 7

/** Whether a report's table prints landscape. */
export function isWide(document: Pick<ReportDocument, 'columns'>) {
  return document.columns.length > PORTRAIT_COLUMNS
}

/** Cells that never wrap: figures, dates and times (a class per column, not per cell). */
function nowrap(column: ReportDocument['columns'][number]) {
  return column.kind === 'number' || column.kind === 'date' || column.kind === 'datetime'
}

function escapeHtml(value: string) {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * The report as print HTML in its language: title, company, the parameters and the totals on
 * the first page, then the table (header repeated on every page). Self-contained, no scripts.
 */
export async function reportHtml(document: ReportDocument): Promise<string> {
  const { values } = document
  const t = values.t
  const body: string[] = []
  let count = 0
  let truncated = false
  for await (const row of document.rows) {
    if (count >= PDF_ROW_LIMIT) {
      truncated = true
      break
    }
    count++
    // Formatting a cell asks the translations (main thread); the loop is given back every
    // YIELD_ROWS rows, so 2,000 rows of a wide report never hold it for long.
    if (count % YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve))
    // Bare cells: their alignment comes from the column's <col>/nth-child rule, not the cell.
    body.push(
      `<tr>${document.columns
        .map(
          (column) => `<td>${escapeHtml(formatReportValue(column, row[column.name], values))}</td>`
        )
        .join('')}</tr>`
    )
  }
  const parameters = document.parameters
    .map((line) => `<tr><th>${escapeHtml(line.label)}</th><td>${escapeHtml(line.value)}</td></tr>`)
    .join('')
  const totals = document.totals
    .map(
      (total) => `<tr><th>${escapeHtml(total.label)}</th><td>${escapeHtml(total.text)}</td></tr>`
    )
    .join('')
  const generated = formatDateTime(document.generatedAt, values.preferences)
  const columnRules = document.columns
    .map((column, index) => {
      const rules = [
        column.kind === 'number' ? 'text-align:right' : '',
        nowrap(column) ? 'white-space:nowrap' : '',
      ].filter(Boolean)
      return rules.length ? `.rows td:nth-child(${index + 1}){${rules.join(';')}}` : ''
    })
    .join('\n  ')
  return `<!doctype html>
<html lang="${escapeHtml(document.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title>
<style>
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #0f172a; font-size: 9px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .company { font-size: 11px; letter-spacing: .05em; color: #1d4ed8; margin: 0; }
  .meta { color: #475569; margin: 0 0 16px; }
  h2 { font-size: 13px; margin: 16px 0 6px; }
  table { border-collapse: collapse; width: 100%; }
  .facts th { text-align: left; width: 30%; color: #475569; font-weight: 600; padding: 3px 8px 3px 0; vertical-align: top; }
  .facts td { padding: 3px 0; }
  .rows { margin-top: 16px; }
  .rows th { background: #f1f5f9; text-align: left; padding: 3px; border-bottom: 1px solid #cbd5e1; }
  .rows td { padding: 2px 3px; border-bottom: 1px solid #e2e8f0; }
  ${columnRules}
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  .note { color: #475569; margin-top: 8px; }
</style></head><body>
<p class="company">${escapeHtml(document.company)}</p>
<h1>${escapeHtml(document.title)}</h1>
<p class="meta">${escapeHtml(t('report_pages.pdf.generated', { date: generated }))}</p>
<h2>${escapeHtml(t('report_pages.pdf.parameters'))}</h2>
<table class="facts">${parameters}</table>
${totals ? `<h2>${escapeHtml(t('report_pages.pdf.totals'))}</h2><table class="facts" data-totals>${totals}</table>` : ''}
<table class="rows"><thead><tr>${document.columns.map((column) => `<th>${escapeHtml(column.label)}</th>`).join('')}</tr></thead>
<tbody>${body.join('') || `<tr><td colspan="${document.columns.length}">${escapeHtml(t('report_pages.page.no_rows'))}</td></tr>`}</tbody></table>
${truncated ? `<p class="note">${escapeHtml(t('report_pages.pdf.rows_shown', { count: PDF_ROW_LIMIT }))}</p>` : ''}
</body></html>`
}

/** The report as an A4 PDF (puppeteer-core, the quote's renderer), landscape when wide. */
export async function renderReportPdf(document: ReportDocument): Promise<Buffer> {
  return renderPdf(await reportHtml(document), { landscape: isWide(document), tagged: false })
}
