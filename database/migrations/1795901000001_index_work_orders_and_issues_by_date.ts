import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 26: the work order costs and open issues reports read a company's records of one
 * status in a period (completed work orders by `completed_at`, issues by `created_at`). The
 * (company, status) indexes read every record of that status ever made and filtered the
 * period out; these (company, status, date) ones read the period only, and still serve every
 * query by company and status.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('work_orders', (table) => {
      table.index(['company_id', 'status', 'completed_at'])
      table.dropIndex(['company_id', 'status'])
    })
    this.schema.alterTable('fleet_issues', (table) => {
      table.index(['company_id', 'status', 'created_at'])
      table.dropIndex(['company_id', 'status'])
    })
  }

  async down() {
    this.schema.alterTable('work_orders', (table) => {
      table.index(['company_id', 'status'])
      table.dropIndex(['company_id', 'status', 'completed_at'])
    })
    this.schema.alterTable('fleet_issues', (table) => {
      table.index(['company_id', 'status'])
      table.dropIndex(['company_id', 'status', 'created_at'])
    })
  }
}
