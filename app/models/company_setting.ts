import db from '@adonisjs/lucid/services/db'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { DateTime } from 'luxon'
import type { WorkingHours } from '#services/settings/working_hours'

/**
 * The one row of settings pages of a company (spec §3): working hours, the company's SMTP
 * server and SMS provider (passwords encrypted with the app key), and the "other settings".
 */
export default class CompanySetting extends BaseModel {
  static table = 'company_settings'

  @column({ isPrimary: true })
  declare companyId: number
  @column({ prepare: (value: WorkingHours | null) => (value ? JSON.stringify(value) : null) })
  declare workingHours: WorkingHours | null
  @column()
  declare smtpHost: string | null
  @column()
  declare smtpPort: number | null
  @column()
  declare smtpUser: string | null
  /** Encrypted with the app key; never sent to the browser. */
  @column({ serializeAs: null })
  declare smtpPassword: string | null
  @column()
  declare smtpSenderName: string | null
  @column()
  declare smtpSenderEmail: string | null
  @column()
  declare smsProvider: string | null
  @column()
  declare smsUsername: string | null
  /** Encrypted with the app key; never sent to the browser. */
  @column({ serializeAs: null })
  declare smsPassword: string | null
  @column()
  declare smsHeader: string | null
  @column()
  declare archiveDays: number | null
  @column()
  declare licenceExpiryDays: number | null
  @column()
  declare geofenceAlarms: boolean
  @column()
  declare maintenanceReminderDays: number | null
  @column()
  declare speedLimitNotifications: boolean
  @column()
  declare fuelReportSending: boolean
  @column()
  declare multiLanguage: boolean
  @column()
  declare userActivityReports: boolean
  @column()
  declare emergencyNotifications: boolean
  @column()
  declare systemUpdateNotifications: boolean
  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /** The company's row, created with the defaults on first use (safe when two requests race). */
  static async of(companyId: number) {
    const found = await CompanySetting.find(companyId)
    if (found) return found
    await db
      .table('company_settings')
      .insert({ company_id: companyId, created_at: new Date() })
      .onConflict('company_id')
      .ignore()
    return CompanySetting.findOrFail(companyId)
  }
}
