import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A defect of a vehicle: opened by a failed inspection item or by hand, fixed by a work order. */
export default class FleetIssue extends BaseModel {
  static table = 'fleet_issues'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare deviceId: number | null
  @column() declare inspectionId: number | null
  @column() declare inspectionResultId: number | null
  @column() declare workOrderId: number | null
  @column() declare reportedBy: number | null
  @column() declare title: string
  @column() declare description: string | null
  @column() declare photoPath: string | null
  @column() declare priority: string
  @column() declare status: string
  @column.dateTime() declare resolvedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
