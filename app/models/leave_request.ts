import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** Time off (spec §3): a driver's leave, filed by a member, decided by a manager. */
export default class LeaveRequest extends BaseModel {
  static table = 'leave_requests'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare driverId: number | null
  @column.date() declare startDate: DateTime
  @column.date() declare endDate: DateTime
  @column.date() declare returnDate: DateTime | null
  @column() declare description: string | null
  @column() declare status: string
  @column() declare requesterId: number | null
  @column() declare decidedBy: number | null
  @column.dateTime() declare decisionDate: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
