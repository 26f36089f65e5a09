import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/**
 * A CADO record: a work order of the external maintenance system (the fleet menu's
 * "integration with an external maintenance system"), kept with its reference there so that
 * the work done outside is visible beside our own records.
 */
export default class CadoRecord extends BaseModel {
  static table = 'cado_records'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare reference: string
  @column() declare deviceId: number | null
  @column() declare operation: string
  @column() declare status: string
  @column.date() declare openedAt: DateTime
  @column.date() declare closedAt: DateTime | null
  @column() declare km: number | null
  @column() declare amountCents: number | null
  @column() declare currency: string
  @column() declare description: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
