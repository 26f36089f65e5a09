import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type ScheduleFrequency = 'daily' | 'weekly' | 'monthly'
export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const

/** The files a scheduled report's e-mail can carry. */
export const reportAttachmentFormats = ['xlsx', 'pdf', 'csv'] as const
export type ReportAttachmentFormat = (typeof reportAttachmentFormats)[number]

/** A report e-mailed on a schedule with its saved parameters (see the migration). */
export default class ScheduledReport extends BaseModel {
  static table = 'scheduled_reports'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare createdBy: number | null

  @column()
  declare name: string

  @column()
  declare slug: string

  @column({ prepare: (value: unknown) => JSON.stringify(value ?? {}) })
  declare params: Record<string, unknown>

  @column()
  declare frequency: ScheduleFrequency

  @column()
  declare weekday: number | null

  @column()
  declare monthDay: number | null

  @column()
  declare hour: number

  @column()
  declare timezone: string

  @column()
  declare locale: string

  @column({ prepare: (value: unknown) => JSON.stringify(value ?? []) })
  declare recipients: string[]

  /** A PostgreSQL text[]: node-postgres reads and writes it as an array. */
  @column()
  declare attachments: ReportAttachmentFormat[]

  @column()
  declare active: boolean

  @column.dateTime()
  declare lastRunAt: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
