import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { LockedJob, type JobResult } from './job.js'
import type { EventNotification } from '#services/notifications/notification_message'
import { dispatchWebhooks } from '#services/integrations/webhooks'
import { alarmCodeGroups } from '#shared/alarm_code_list'
import { CompanyPlaces } from '#services/geocoder/company_places'
import { seesGroup } from '#abilities/vehicle_scope'
import { roleAtLeast, type TeamRole } from '#enums/team_role'

/** The codes the "geofence alarms" switch of other settings silences. */
const geofenceCodes: string[] = [...alarmCodeGroups.geofence]
/** The code the "speed-limit notifications" switch silences (over-speed, spec §9 105). */
const speedCodes = ['105']

/** Events younger than this are left for the next run: their batch may still be committing. */
const SETTLE_MS = 2000
const BATCH = 1000
const MAX_BATCHES_PER_RUN = 20

interface EventRow {
  id: string
  company_id: number
  device_id: number
  event_time: Date
  code: string
  state: 'A' | 'F' | null
  latitude: number | null
  longitude: number | null
  attributes: Record<string, unknown>
  vehicle: string
  /** The vehicle's group: members limited to other groups are not told (issue 27). */
  group_id: number | null
}

/**
 * Turns new events into deliveries, outside the ingest path: it reads the events stored
 * since its last run (a cursor row, locked so that one process at a time does it), matches
 * them against the instant notification rules and the push rules, and queues one delivery
 * per channel and recipient. A repeat of the same rule, vehicle and code within the rule's
 * quiet period is folded: no new message, the next one says how many were folded.
 * Every event is also queued once for the company's webhooks (same cursor, same
 * transaction), and geofence (or over-speed) events notify no one when the company switched
 * geofence alarms (or speed-limit notifications) off in its other settings.
 */
export class NotificationDispatchJob extends LockedJob {
  readonly name = 'notification_dispatch'

  protected async perform(now: DateTime): Promise<JobResult> {
    // A backlog (many events since the last run) is worked through in batches.
    let affected = 0
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const result = await this.batch(now)
      affected += result.affected
      if (!result.full) break
    }
    return { affected }
  }

  private batch(now: DateTime): Promise<{ affected: number; full: boolean }> {
    return db.transaction(async (trx) => {
      const cursor = await trx.rawQuery(
        'SELECT last_event_id FROM notification_dispatch_state WHERE id = 1 FOR UPDATE'
      )
      if (cursor.rows.length === 0) {
        await trx.rawQuery(
          `INSERT INTO notification_dispatch_state (id, last_event_id)
           SELECT 1, coalesce(max(id), 0) FROM events ON CONFLICT (id) DO NOTHING`
        )
        return { affected: 0, full: false }
      }
      const after = String(cursor.rows[0].last_event_id)
      const { rows } = (await trx.rawQuery(
        `SELECT e.id, e.company_id, e.device_id, e.event_time, e.code, e.state, e.latitude,
                e.longitude, e.attributes, e.created_at, d.name AS vehicle, d.group_id
           FROM events e JOIN devices d ON d.id = e.device_id
          WHERE e.id > ?
          ORDER BY e.id LIMIT ?`,
        [after, BATCH]
      )) as { rows: (EventRow & { created_at: Date })[] }
      // Ids are taken in order up to the first event younger than the settle time: a batch
      // with a smaller id may still be committing, and the cursor must not pass it.
      const settled = now.toMillis() - SETTLE_MS
      let ready = 0
      while (ready < rows.length && new Date(rows[ready].created_at).getTime() <= settled) ready++
      const events = rows.slice(0, ready)
      if (events.length === 0) return { affected: 0, full: false }

      const companyIds = [...new Set(events.map((event) => event.company_id))]
      const rules = await trx
        .from('notification_settings')
        .whereIn('company_id', companyIds)
        .where('active', true)
        .where('schedule', 'instant')
      const pushRules = await trx
        .from('push_notification_settings')
        .whereIn('company_id', companyIds)
      const subscriptions = pushRules.length
        ? await trx
            .from('push_subscriptions')
            .whereIn('company_id', companyIds)
            .select('id', 'company_id', 'user_id')
        : []
      const members = await membersOf(trx, companyIds)
      // Codes a company's "other settings" switched off (geofence alarms, speed-limit
      // notifications): those events are still stored and shown, but notify no one.
      const switchedOff = await trx
        .from('company_settings')
        .whereIn('company_id', companyIds)
        .where((query) =>
          query.where('geofence_alarms', false).orWhere('speed_limit_notifications', false)
        )
        .select('company_id', 'geofence_alarms', 'speed_limit_notifications')
      const silenced = new Map<number, Set<string>>(
        switchedOff.map((row) => [
          row.company_id as number,
          new Set([
            ...(row.geofence_alarms ? [] : geofenceCodes),
            ...(row.speed_limit_notifications ? [] : speedCodes),
          ]),
        ])
      )
      // Companies with an active webhook: each event is queued for them once, here.
      const withWebhooks = await trx
        .from('webhooks')
        .whereIn('company_id', companyIds)
        .where('active', true)
        .distinct('company_id')
      const hooked = new Set(withWebhooks.map((row) => row.company_id as number))
      let queuedWebhooks = 0

      const places = new Map<number, Promise<CompanyPlaces>>()
      const placesOf = (companyId: number) => {
        if (!places.has(companyId)) places.set(companyId, CompanyPlaces.load(trx, companyId))
        return places.get(companyId)!
      }
      const deliveries: Record<string, unknown>[] = []
      for (const event of events) {
        if (hooked.has(event.company_id)) {
          queuedWebhooks += await dispatchWebhooks(
            {
              id: event.id,
              companyId: event.company_id,
              deviceId: event.device_id,
              code: event.code,
              state: event.state,
              time: event.event_time,
              latitude: event.latitude,
              longitude: event.longitude,
              attributes: event.attributes ?? {},
            },
            { client: trx }
          )
        }
        if (silenced.get(event.company_id)?.has(event.code)) continue
        // The company's geofences and buildings name the place (read once per company, and
        // only for an event someone is told about).
        const told =
          rules.some((rule) => matches(rule, event)) ||
          pushRules.some((rule) => matches(rule, event))
        if (!told) continue
        const data = eventNotification(event, await placesOf(event.company_id))
        for (const rule of rules) {
          if (!matches(rule, event)) continue
          const repeats = await this.quiet(trx, rule, event)
          if (repeats === null) continue
          const payload = { ...data, repeats, locale: rule.locale, timezone: rule.timezone }
          const team = members.get(event.company_id) ?? []
          for (const channel of rule.channels as string[]) {
            const recipients =
              channel === 'inbox'
                ? inboxRecipients(team, event.group_id)
                : channel === 'email'
                  ? emailRecipients(team, rule.emails as string[], event.group_id)
                  : (rule.phones as string[])
            for (const recipient of recipients) {
              deliveries.push(delivery(event.company_id, rule.id, channel, recipient, payload, now))
            }
          }
        }
        const pushTo = new Set<number>()
        for (const rule of pushRules) {
          if (!matches(rule, event)) continue
          const team = members.get(event.company_id) ?? []
          for (const subscription of subscriptions) {
            if (subscription.company_id !== event.company_id) continue
            // A member limited to vehicle groups is pushed only their vehicles' events.
            const member = team.find((one) => one.userId === subscription.user_id)
            if (member && !seesGroup(member.groups, event.group_id)) continue
            pushTo.add(subscription.id)
          }
        }
        for (const id of pushTo) {
          deliveries.push(delivery(event.company_id, null, 'push', String(id), data, now))
        }
      }
      if (deliveries.length > 0) await trx.table('notification_deliveries').multiInsert(deliveries)
      await trx
        .from('notification_dispatch_state')
        .where('id', 1)
        .update({ last_event_id: events[events.length - 1].id })
      return {
        affected: deliveries.length + queuedWebhooks,
        full: rows.length === BATCH && ready === rows.length,
      }
    })
  }

  /**
   * The quiet period of a rule, vehicle and code: null when this event is a repeat to fold,
   * else how many repeats were folded since the last message.
   */
  private async quiet(
    trx: TransactionClientContract,
    rule: { id: number; quiet_minutes: number },
    event: EventRow
  ): Promise<number | null> {
    const key = { setting_id: rule.id, device_id: event.device_id, code: event.code }
    const last = await trx.from('notification_quiet').where(key).forUpdate().first()
    const time = new Date(event.event_time).getTime()
    if (last) {
      const since = Math.abs(time - new Date(last.last_sent_at).getTime())
      if (since < rule.quiet_minutes * 60_000) {
        await trx.from('notification_quiet').where(key).increment('folded', 1)
        return null
      }
      await trx
        .from('notification_quiet')
        .where(key)
        .update({ last_sent_at: new Date(event.event_time), folded: 0 })
      return Number(last.folded)
    }
    await trx
      .table('notification_quiet')
      .insert({ ...key, last_sent_at: new Date(event.event_time) })
    return 0
  }
}

function matches(
  rule: { company_id: number; device_id: number | null; alarm_codes: string[] },
  event: EventRow
) {
  return (
    rule.company_id === event.company_id &&
    (rule.device_id === null || rule.device_id === event.device_id) &&
    rule.alarm_codes.includes(event.code)
  )
}

export function eventNotification(
  event: EventRow,
  places: CompanyPlaces | null = null
): Omit<EventNotification, 'repeats'> & { repeats: number } {
  const geofence = event.attributes?.geofence
  const companyPlace =
    typeof geofence !== 'string' && places && event.latitude !== null && event.longitude !== null
      ? places.nameAt(event.latitude, event.longitude)
      : null
  return {
    kind: 'event',
    eventId: Number(event.id),
    deviceId: event.device_id,
    vehicle: event.vehicle,
    code: event.code,
    state: event.state,
    time: new Date(event.event_time).toISOString(),
    latitude: event.latitude,
    longitude: event.longitude,
    geofence: typeof geofence === 'string' ? geofence : null,
    companyPlace,
    repeats: 0,
  }
}

export function delivery(
  companyId: number,
  settingId: number | null,
  channel: string,
  recipient: string,
  payload: unknown,
  now: DateTime
) {
  return {
    company_id: companyId,
    setting_id: settingId,
    channel,
    recipient,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now.toJSDate(),
    created_at: now.toJSDate(),
  }
}

/** A member as a recipient: their user, e-mail address and the vehicle groups they see. */
export interface Recipient {
  userId: number
  email: string
  /** null: every vehicle (owners, admins and unlimited members). */
  groups: number[] | null
}

/**
 * Every member of each company, with the vehicle groups they see: the in-app inbox reaches
 * the team members who see the vehicle (issue 27).
 */
export async function membersOf(
  client: TransactionClientContract | typeof db,
  companyIds: number[]
): Promise<Map<number, Recipient[]>> {
  const rows = await client
    .from('team_members')
    .join('users', 'users.id', 'team_members.user_id')
    .whereIn('team_members.company_id', companyIds)
    .select(
      'team_members.company_id',
      'team_members.user_id',
      'team_members.role',
      'team_members.device_group_ids',
      'users.email'
    )
  const members = new Map<number, Recipient[]>()
  for (const row of rows) {
    const list = members.get(row.company_id) ?? []
    const groups = roleAtLeast(row.role as TeamRole, 'admin')
      ? null
      : (row.device_group_ids ?? null)
    list.push({ userId: row.user_id, email: String(row.email), groups })
    members.set(row.company_id, list)
  }
  return members
}

/** The inbox recipients of an event of a vehicle in `groupId`: the members who see it. */
export function inboxRecipients(team: Recipient[], groupId: number | null): string[] {
  return team.filter((member) => seesGroup(member.groups, groupId)).map((m) => String(m.userId))
}

/**
 * A rule's e-mail addresses for an event of a vehicle in `groupId`: an address of a member
 * limited to other vehicle groups is left out; other addresses (outside the team) stay.
 */
export function emailRecipients(
  team: Recipient[],
  emails: string[],
  groupId: number | null
): string[] {
  return emails.filter((email) => {
    const member = team.find((one) => one.email.toLowerCase() === email.toLowerCase())
    return !member || seesGroup(member.groups, groupId)
  })
}
