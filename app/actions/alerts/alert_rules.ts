import db from '@adonisjs/lucid/services/db'
import type { AlertRuleTable } from '#queries/alerts/alert_rules'

/**
 * The writes of the company's alert rules (notification rules and push rules share them):
 * every write is scoped to the company, so another company's rule is never touched.
 */
export async function createCompanyRule(
  table: AlertRuleTable,
  companyId: number,
  columns: Record<string, unknown>
) {
  const [row] = await db
    .table(table)
    .insert({ ...columns, company_id: companyId, created_at: new Date() })
    .returning('id')
  return Number(row.id)
}

export async function updateCompanyRule(
  table: AlertRuleTable,
  companyId: number,
  id: number,
  columns: Record<string, unknown>
) {
  await db
    .from(table)
    .where({ id, company_id: companyId })
    .update({ ...columns, updated_at: new Date() })
}

export async function deleteCompanyRule(table: AlertRuleTable, companyId: number, id: number) {
  await db.from(table).where({ id, company_id: companyId }).delete()
}
