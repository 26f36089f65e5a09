/**
 * The report page's own form state. Its data types are generated from the report
 * transformers (app/transformers/reports): `Data.Reports.Report` (meta), `ReportResult`,
 * `ReportOptions`, `ReportMap`.
 */

/** The report's parameters in the page's form: one value or a list per name. */
export type ReportInputValues = Record<string, string | string[]>
