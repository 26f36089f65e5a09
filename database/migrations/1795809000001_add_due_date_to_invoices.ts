import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 30: an invoice carries the day it must be paid by. Invoices never change once issued
 * (a trigger refuses UPDATE), so the ones issued before this get their due date with the
 * trigger set aside for this one statement: the 14 days a bank transfer has always had.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('invoices', (table) => {
      table.date('due_on').nullable()
    })
    this.schema.raw('ALTER TABLE invoices DISABLE TRIGGER invoices_immutable')
    this.schema.raw('UPDATE invoices SET due_on = issued_on + 14')
    this.schema.raw('ALTER TABLE invoices ENABLE TRIGGER invoices_immutable')
    this.schema.raw('ALTER TABLE invoices ALTER COLUMN due_on SET NOT NULL')
  }

  async down() {
    this.schema.alterTable('invoices', (table) => {
      table.dropColumn('due_on')
    })
  }
}
