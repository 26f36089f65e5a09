import env from '#start/env'

/**
 * How far ahead a maintenance item counts as due and its reminder goes out to the company's
 * managers: days before its next date, or kilometres before its next distance.
 */
export default {
  reminderDays: env.get('MAINTENANCE_REMINDER_DAYS', 14),
  reminderKm: env.get('MAINTENANCE_REMINDER_KM', 1000),
}
