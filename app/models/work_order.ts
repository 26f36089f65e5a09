import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A repair of a vehicle grouping its issues: parts, labour, approval, sign-off. */
export default class WorkOrder extends BaseModel {
  static table = 'work_orders'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare deviceId: number | null
  @column() declare servicePointId: number | null
  @column() declare title: string
  @column() declare status: string
  @column() declare maintenanceType: string | null
  @column() declare odometerKm: number | null
  @column({ consume: (value) => (value === null ? 0 : Number(value)) }) declare labourHours: number
  @column({ consume: (value) => (value === null ? 0 : Number(value)) })
  declare labourRateCents: number
  @column() declare currency: string
  @column() declare approvedBy: number | null
  @column.dateTime() declare approvedAt: DateTime | null
  @column() declare mechanicName: string | null
  @column.dateTime() declare signedOffAt: DateTime | null
  @column.dateTime() declare completedAt: DateTime | null
  @column() declare serviceRecordId: number | null
  @column() declare maintenanceRecordId: number | null
  @column() declare notes: string | null
  @column() declare createdBy: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
