import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { LockedJob, type JobResult } from './job.js'
import { delivery, eventNotification, membersOf } from './notification_dispatch_job.js'
import type { DigestNotification } from '#services/notifications/notification_message'
import { CompanyPlaces } from '#services/geocoder/company_places'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/** Events listed in a digest; the rest are counted. */
const DIGEST_LINES = 100

/**
 * Scheduled rules (weekly or monthly): once a period has ended (Monday 00:00 or the 1st,
 * in the rule's time zone), the matching events of the period are sent as one digest per
 * recipient. `last_digest_at` remembers the period sent, so a run twice sends nothing new.
 */
export class NotificationDigestJob extends LockedJob {
  readonly name = 'notification_digest'

  protected async perform(now: DateTime): Promise<JobResult> {
    const rules = await db
      .from('notification_settings')
      .where('active', true)
      .whereIn('schedule', ['weekly', 'monthly'])
    let affected = 0
    for (const rule of rules) {
      const unit = rule.schedule === 'weekly' ? 'week' : 'month'
      const end = now.setZone(rule.timezone).startOf(unit)
      const lastSent = rule.last_digest_at ? DateTime.fromJSDate(rule.last_digest_at) : null
      if (lastSent && lastSent >= end) continue
      const start = lastSent ?? end.minus(unit === 'week' ? { weeks: 1 } : { months: 1 })
      const query = db
        .from('events as e')
        .join('devices as d', 'd.id', 'e.device_id')
        .where('e.company_id', rule.company_id)
        .whereIn('e.code', rule.alarm_codes)
        .where('e.event_time', '>=', start.toJSDate())
        .where('e.event_time', '<', end.toJSDate())
      if (rule.device_id) query.where('e.device_id', rule.device_id)
      const counted = await query.clone().count('* as total').first()
      const total = Number(counted?.total ?? 0)
      const claimed = await db
        .from('notification_settings')
        .where('id', rule.id)
        .where((q) => {
          if (rule.last_digest_at) q.where('last_digest_at', rule.last_digest_at)
          else q.whereNull('last_digest_at')
        })
        .update({ last_digest_at: end.toJSDate() })
      // Another process sent this period already.
      if (Number(claimed) === 0 || (Array.isArray(claimed) && claimed.length === 0)) continue
      if (total === 0) continue
      // The company's geofences and buildings name the places (docs/geocoding.md).
      const places = await CompanyPlaces.load(db.connection(), rule.company_id)
      /** The digest as a member limited to `groups` (null: every vehicle) sees it. */
      const digestFor = async (groups: number[] | null) => {
        const seen = query.clone()
        if (groups) seen.whereRaw('d.group_id = ANY(?::int[])', [pgArrayLiteral(groups)])
        const seenCount = groups ? await seen.clone().count('* as total').first() : null
        const seenTotal = groups ? Number(seenCount?.total ?? 0) : total
        const events = await seen
          .orderBy('e.event_time')
          .limit(DIGEST_LINES)
          .select('e.*', 'd.name as vehicle')
        const payload: DigestNotification & { locale: string; timezone: string } = {
          kind: 'digest',
          schedule: rule.schedule,
          rule: rule.name,
          from: start.toUTC().toISO()!,
          to: end.toUTC().toISO()!,
          total: seenTotal,
          events: events.map((event) => {
            const { kind, repeats, ...line } = eventNotification(event, places)
            return line
          }),
          locale: rule.locale,
          timezone: rule.timezone,
        }
        return payload
      }
      const members = await membersOf(db, [rule.company_id])
      const team = members.get(rule.company_id) ?? []
      const whole = await digestFor(null)
      const rows: Record<string, unknown>[] = []
      const send = async (channel: string, recipient: string, groups: number[] | null) => {
        // A member limited to vehicle groups gets the digest of their vehicles, if any.
        const payload = groups ? await digestFor(groups) : whole
        if (payload.total === 0) return
        rows.push(delivery(rule.company_id, rule.id, channel, recipient, payload, now))
      }
      for (const channel of rule.channels as string[]) {
        if (channel === 'inbox') {
          for (const member of team) await send(channel, String(member.userId), member.groups)
        } else if (channel === 'email') {
          for (const email of rule.emails as string[]) {
            const member = team.find((one) => one.email.toLowerCase() === email.toLowerCase())
            await send(channel, email, member?.groups ?? null)
          }
        } else {
          for (const phone of rule.phones as string[]) await send(channel, phone, null)
        }
      }
      if (rows.length > 0) await db.table('notification_deliveries').multiInsert(rows)
      affected += rows.length
    }
    return { affected }
  }
}
