import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { DEFAULT_PREFERENCES, formatCalendarDate } from '#shared/date_format'
import type { Locale } from '#shared/locales'
import { renewalKinds, type RenewalKind } from '#shared/renewals'

/** A whole number in the reader's language: 126,400 (en), 126.400 (tr). */
export function formatCount(value: number, locale: Locale) {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    maximumFractionDigits: 0,
  }).format(value)
}

/** A calendar day (YYYY-MM-DD) in the reader's date format. */
export function formatDay(isoDate: string, dateFormat?: string | null) {
  return formatCalendarDate(isoDate, {
    timezone: 'UTC',
    dateFormat: dateFormat ?? DEFAULT_PREFERENCES.dateFormat,
  })
}

export interface MaintenanceReminderFacts {
  company: string
  vehicle: string
  maintenanceType: string
  state: 'due' | 'overdue'
  nextDate: string | null
  nextDistanceKm: number | null
  odometerKm: number
}

/**
 * The maintenance reminder's subject, heading and body in the reader's language. A missing next
 * date or distance is left out (never "next date none"), numbers and dates are formatted.
 */
export function maintenanceReminderText(
  facts: MaintenanceReminderFacts,
  locale: Locale,
  dateFormat?: string | null
) {
  const i18n = i18nManager.locale(locale)
  const parts: string[] = []
  if (facts.nextDate) {
    parts.push(
      i18n.t('fleet_records.reminder.next_date', { date: formatDay(facts.nextDate, dateFormat) })
    )
  }
  if (facts.nextDistanceKm !== null && facts.nextDistanceKm !== undefined) {
    parts.push(
      i18n.t('fleet_records.reminder.next_distance', {
        distance: formatCount(Number(facts.nextDistanceKm), locale),
      })
    )
  }
  const values = {
    company: facts.company,
    vehicle: facts.vehicle,
    type: i18n.t(`crud.maintenance_schedules.values.maintenance_type.${facts.maintenanceType}`),
    state: i18n.t(`fleet_records.reminder.states.${facts.state}`),
    due: parts.join(i18n.t('fleet_records.reminder.joiner')),
    odometer: formatCount(Number(facts.odometerKm), locale),
  }
  return {
    subject: i18n.t('fleet_records.reminder.subject', values),
    heading: i18n.t('fleet_records.reminder.heading', values),
    body: i18n.t(
      parts.length > 0 ? 'fleet_records.reminder.body' : 'fleet_records.reminder.body_without_due',
      values
    ),
    action: i18n.t('fleet_records.reminder.action'),
  }
}

/** What a renewal reminder is about (declared with the renewals page's types). */
export { renewalKinds, type RenewalKind }

export interface RenewalFacts {
  kind: RenewalKind
  /** The vehicle (plate beside its name) or the driver. */
  subject: string
  dueDate: string
}

/** The page that lists the renewal's record. */
export function renewalPage(kind: RenewalKind) {
  const pages = {
    insurance: 'fleet.insurance',
    inspection: 'fleet.devices',
    exhaust: 'fleet.devices',
    rental: 'fleet.rental-records',
    driver_licence: 'fleet.drivers',
    document: 'fleet.paperwork',
  } as const
  return pages[kind]
}

/** Days from `today` to the renewal's date (0 on the day itself). */
export function daysLeft(dueDate: string, today: string) {
  return Math.round(DateTime.fromISO(dueDate).diff(DateTime.fromISO(today), 'days').days)
}

/** One line of the renewal mail: "Insurance of Van 1 (34 AB 12) ends on 01.12.2026 (6 days left)". */
export function renewalLine(
  facts: RenewalFacts,
  today: string,
  locale: Locale,
  dateFormat?: string | null
) {
  const i18n = i18nManager.locale(locale)
  return i18n.t(`renewals.line.${facts.kind}`, {
    subject: facts.subject,
    date: formatDay(facts.dueDate, dateFormat),
    days: daysLeft(facts.dueDate, today),
  })
}
