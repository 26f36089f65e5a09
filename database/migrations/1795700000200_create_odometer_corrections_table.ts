import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 25, point 3: a vehicle's odometer set by a manager at a date and time (a new tracker,
 * a dashboard reading). `offset_m` is what the correction added to every odometer stored from
 * `effective_at` on; `previous_odometer_m` is the odometer the vehicle had then. The rows are
 * the history (who, when, value); `rebuilt_at` is set once the affected trips and rollups
 * were rebuilt (the odometer rebuild job).
 */
export default class extends BaseSchema {
  protected tableName = 'odometer_corrections'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('device_id').notNullable().references('devices.id').onDelete('CASCADE')
      table.timestamp('effective_at', { useTz: true }).notNullable()
      table.decimal('odometer_km', 12, 1).notNullable()
      table.double('previous_odometer_m').nullable()
      table.double('offset_m').notNullable().defaultTo(0)
      table.string('note', 500).nullable()
      table.integer('created_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('rebuilt_at', { useTz: true }).nullable()
      table.index(['company_id', 'effective_at'])
      table.index(['device_id', 'effective_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
