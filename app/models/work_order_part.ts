import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'

/** A part of a work order, taken from inventory at completion. */
export default class WorkOrderPart extends BaseModel {
  static table = 'work_order_parts'

  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number
  @column() declare workOrderId: number
  @column() declare inventoryItemId: number
  @column() declare quantity: number
  @column({ consume: (value) => Number(value) }) declare unitPriceCents: number
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
}
