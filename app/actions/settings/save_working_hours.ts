import db from '@adonisjs/lucid/services/db'
import CompanySetting from '#models/company_setting'
import { WORKING_HOURS_CHANGES_CHANNEL } from '#tracking/channels'
import type { WorkingHours } from '#services/settings/working_hours'

/**
 * Saves the company's working hours and tells the tracker listeners, which keep them in
 * memory, to reload this company's.
 */
export async function saveWorkingHours(companyId: number, hours: WorkingHours) {
  const settings = await CompanySetting.of(companyId)
  settings.workingHours = hours
  await settings.save()
  await db.rawQuery('SELECT pg_notify(?, ?)', [WORKING_HOURS_CHANGES_CHANNEL, String(companyId)])
}
