import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A vehicle check (spec §3): each item scored 1 to 5 (app/shared/vehicle_check.ts). */
export default class VehicleCheck extends BaseModel {
  static table = 'vehicle_checks'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare deviceId: number
  @column() declare driverId: number | null
  @column() declare type: string
  @column.date() declare checkDate: DateTime
  @column() declare interiorCleaning: number
  @column() declare exteriorCleaning: number
  @column() declare windows: number
  @column() declare tyres: number
  @column() declare seats: number
  @column() declare trunk: number
  @column() declare attire: number
  @column() declare shoes: number
  @column() declare shave: number
  @column() declare equipment: number
  @column() declare behaviour: number
  @column() declare discipline: number
  @column() declare tourismCertificate: number
  @column() declare bodyDescription: string | null
  @column() declare controlDescription: string | null
  @column() declare photoPath: string | null
  @column() declare inspectorId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
