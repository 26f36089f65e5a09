import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A pass/fail item of the inspection checklist, for one vehicle category or every vehicle. */
export default class InspectionItem extends BaseModel {
  static table = 'inspection_items'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare vehicleCategoryId: number | null
  @column() declare name: string
  @column() declare position: number
  @column() declare active: boolean
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime | null
}
