import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { appUrl } from '#services/alternates'
import { pathFor } from '#shared/route_table'
import { isLocale, type Locale } from '#shared/locales'
import { formatPlace } from '#services/geocoder/reverse_geocoder'
import { geoNamesTowns } from '#services/geocoder/towns'
import { playbackQuery } from '#shared/report_links'

/** The history page playing the vehicle back at the event's moment, in the reader's zone. */
export function eventMapUrl(
  locale: Locale,
  timeZone: string,
  event: { deviceId: number; time: string; latitude: number | null; longitude: number | null }
): string | null {
  if (event.latitude === null || event.longitude === null) return null
  const time = DateTime.fromISO(event.time).setZone(timeZone).toISO()
  const query = playbackQuery({ deviceId: event.deviceId, time }, { time: 'time' })
  return query ? `${appUrl()}${pathFor('history', locale)}?${query}` : null
}
import {
  maintenanceReminderText,
  renewalLine,
  renewalPage,
  type RenewalKind,
} from '#services/reminders/reminder_text'

/** What a notification says, stored as data and worded in the reader's language when sent. */
export interface EventNotification {
  kind: 'event'
  eventId: number
  deviceId: number
  vehicle: string
  code: string
  state: 'A' | 'F' | null
  time: string
  latitude: number | null
  longitude: number | null
  geofence: string | null
  /**
   * The company's own place the event happened in (a geofence or near a building, "Depot
   * Tuzla"), named when the event was dispatched; absent on messages stored before.
   */
  companyPlace?: string | null
  /** Repeats of the same rule, vehicle and code folded into this one (quiet period). */
  repeats: number
}

export interface DigestNotification {
  kind: 'digest'
  schedule: 'weekly' | 'monthly'
  rule: string
  from: string
  to: string
  total: number
  /** The first events of the period, oldest first. */
  events: Omit<EventNotification, 'kind' | 'repeats'>[]
}

/** Maintenance falling due (the maintenance reminder job), by date or kilometres. */
export interface MaintenanceNotification {
  kind: 'maintenance'
  scheduleId: number
  deviceId: number
  vehicle: string
  company: string
  maintenanceType: string
  state: 'due' | 'overdue'
  nextDate: string | null
  nextDistanceKm: number | null
  odometerKm: number
}

/** A renewal coming up (the renewal reminder job): insurance, inspection, licence... */
export interface RenewalNotification {
  kind: 'renewal'
  renewalKind: RenewalKind
  recordId: number
  subject: string
  dueDate: string
  /** The day the reminder was sent (days left are counted from it). */
  today: string
}

export type NotificationData =
  EventNotification | DigestNotification | MaintenanceNotification | RenewalNotification

export interface RenderedNotification {
  title: string
  body: string
  /** Text lines (digest) under the body. */
  lines: string[]
  url: string
}

function localeOf(value: string | null | undefined): Locale {
  return isLocale(value) ? value : 'en'
}

/** The event's name in the language (the code itself when unknown), with its on/off state. */
export function eventName(locale: string, code: string, state: 'A' | 'F' | null) {
  const i18n = i18nManager.locale(localeOf(locale))
  const key = `live.alarms.codes.${code}`
  const name = i18n.resolveIdentifier(key) ? i18n.t(key) : code
  return state ? `${name} · ${i18n.t(`live.alarms.state.${state}`)}` : name
}

function place(
  locale: Locale,
  event: {
    geofence: string | null
    companyPlace?: string | null
    latitude: number | null
    longitude: number | null
  }
) {
  const i18n = i18nManager.locale(locale)
  if (event.geofence) return i18n.t('alerts.message.place_zone', { zone: event.geofence })
  if (event.latitude === null || event.longitude === null) return i18n.t('alerts.message.no_place')
  const coordinates = `${event.latitude.toFixed(5)}, ${event.longitude.toFixed(5)}`
  // The company's own place first (docs/geocoding.md), as reports name it.
  if (event.companyPlace) return `${event.companyPlace} (${coordinates})`
  // The nearest town by name (offline, docs/geocoding.md), the coordinates beside it.
  const town = geoNamesTowns().nearest(event.latitude, event.longitude)
  if (!town) return coordinates
  const name = formatPlace({ kind: 'town', ...town }, locale, (key, values) =>
    i18n.t(key, values as Record<string, any>)
  )
  return `${name} (${coordinates})`
}

function formatTime(iso: string, locale: Locale, timeZone: string) {
  return DateTime.fromISO(iso).setZone(timeZone).setLocale(locale).toFormat('dd.MM.yyyy HH:mm:ss')
}

/**
 * The message in the reader's language, its times in `timeZone`: names the vehicle, the
 * event, when and where, and links to the vehicle's page.
 */
export function renderNotification(
  data: NotificationData,
  localeName: string,
  timeZone: string
): RenderedNotification {
  const locale = localeOf(localeName)
  const i18n = i18nManager.locale(locale)
  if (data.kind === 'maintenance') {
    const text = maintenanceReminderText(data, locale)
    return {
      title: text.subject,
      body: text.body,
      lines: [],
      url: `${appUrl()}${pathFor('fleet.maintenance-schedule', locale)}`,
    }
  }
  if (data.kind === 'renewal') {
    return {
      title: i18n.t(`renewals.title.${data.renewalKind}`, { subject: data.subject }),
      body: renewalLine(
        { kind: data.renewalKind, subject: data.subject, dueDate: data.dueDate },
        data.today,
        locale
      ),
      lines: [],
      url: `${appUrl()}${pathFor(renewalPage(data.renewalKind), locale)}`,
    }
  }
  if (data.kind === 'digest') {
    const lines = data.events.map((event) =>
      i18n.t('alerts.message.digest_line', {
        time: formatTime(event.time, locale, timeZone),
        vehicle: event.vehicle,
        event: eventName(locale, event.code, event.state),
        place: place(locale, event),
      })
    )
    return {
      title: i18n.t(`alerts.message.digest_title_${data.schedule}`, { rule: data.rule }),
      body: i18n.t('alerts.message.digest_body', {
        total: data.total,
        from: formatTime(data.from, locale, timeZone),
        to: formatTime(data.to, locale, timeZone),
        shown: data.events.length,
      }),
      lines,
      url: `${appUrl()}${pathFor('backend', locale)}`,
    }
  }
  const event = eventName(locale, data.code, data.state)
  const mapUrl = eventMapUrl(locale, timeZone, data)
  const body = i18n.t('alerts.message.body', {
    vehicle: data.vehicle,
    event,
    time: formatTime(data.time, locale, timeZone),
    zone: timeZone,
    place: place(locale, data),
  })
  return {
    title: i18n.t('alerts.message.title', { vehicle: data.vehicle, event }),
    body:
      data.repeats > 0
        ? `${body} ${i18n.t('alerts.message.repeats', { count: data.repeats })}`
        : body,
    // A link to the map: the vehicle's history at that moment.
    lines: mapUrl ? [i18n.t('alerts.message.map_line', { url: mapUrl })] : [],
    url: `${appUrl()}${pathFor('assets.show', locale, { id: data.deviceId })}`,
  }
}
