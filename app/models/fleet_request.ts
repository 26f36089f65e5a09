import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A maintenance request (ticket, spec §3): filed by a member, decided by a manager. */
export default class FleetRequest extends BaseModel {
  static table = 'fleet_requests'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare description: string
  @column() declare deviceId: number | null
  @column() declare regionId: number | null
  @column() declare departmentId: number | null
  @column() declare driverId: number | null
  @column() declare status: string
  @column() declare requesterId: number | null
  @column.date() declare requestDate: DateTime
  @column() declare decidedBy: number | null
  @column.dateTime() declare decisionDate: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
