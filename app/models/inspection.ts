import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** An inspection filed on a phone: vehicle, odometer, results per item, driver's signature. */
export default class Inspection extends BaseModel {
  static table = 'inspections'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare deviceId: number | null
  @column() declare driverId: number | null
  @column() declare inspectorId: number | null
  @column.dateTime() declare inspectedAt: DateTime
  @column() declare odometerKm: number
  @column() declare result: string
  @column() declare failedCount: number
  @column() declare notes: string | null
  @column() declare signaturePath: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
