import vine from '@vinejs/vine'
import { alarmCodes, notificationChannels, notificationSchedules } from '#shared/alarm_code_list'
import { timeZoneRule } from '#validators/rules/time_zone_rule'

const latitude = vine.number().range([-90, 90])
const longitude = vine.number().range([-180, 180])
const point = vine.tuple([latitude, longitude])

const circle = vine.object({
  type: vine.literal('circle'),
  center: point,
  radius: vine.number().range([10, 100_000]),
})

const polygon = vine.object({
  type: vine.literal('polygon'),
  points: vine.array(point).minLength(3).maxLength(500),
})

/** A vehicle of the current company (another company's id is refused like an unknown one). */
const companyDevice = () =>
  vine
    .number()
    .withoutDecimals()
    .range([1, 2147483647])
    .exists({
      table: 'devices',
      column: 'id',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
      },
    })

const companyGroup = () =>
  vine
    .number()
    .withoutDecimals()
    .range([1, 2147483647])
    .exists({
      table: 'device_groups',
      column: 'id',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
      },
    })

export const geofenceValidator = vine.create({
  name: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(100)
    .unique({
      table: 'geofences',
      column: 'name',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
        if (field.meta.id) query.whereNot('id', field.meta.id)
      },
    }),
  color: vine.string().regex(/^#[0-9a-fA-F]{6}$/),
  description: vine.string().trim().maxLength(1000).optional(),
  shape: vine.union([
    vine.union.if((value) => vine.helpers.isObject(value) && value.type === 'circle', circle),
    vine.union.else(polygon),
  ]),
  assign_to: vine.enum(['all', 'devices', 'groups']),
  device_ids: vine.array(companyDevice()).maxLength(10_000).optional(),
  group_ids: vine.array(companyGroup()).maxLength(1000).optional(),
  active: vine.boolean().optional(),
})

/** E.164: a plus, a country code and up to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/

export const notificationSettingValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(100),
  device_id: companyDevice().nullable().optional(),
  alarm_codes: vine.array(vine.enum(alarmCodes)).minLength(1).distinct(),
  schedule: vine.enum(notificationSchedules),
  channels: vine.array(vine.enum(notificationChannels)).minLength(1).distinct(),
  emails: vine.array(vine.string().trim().email().maxLength(254)).maxLength(50).optional(),
  phones: vine.array(vine.string().trim().regex(E164)).maxLength(50).optional(),
  quiet_minutes: vine.number().withoutDecimals().range([0, 1440]),
  timezone: vine.string().trim().maxLength(64).use(timeZoneRule()),
  active: vine.boolean().optional(),
})

export const pushSettingValidator = vine.create({
  device_id: companyDevice().nullable().optional(),
  alarm_codes: vine.array(vine.enum(alarmCodes)).minLength(1).distinct(),
})

export const pushSubscriptionValidator = vine.create({
  endpoint: vine.string().url({ require_tld: false }).maxLength(2000),
  keys: vine.object({
    p256dh: vine
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .maxLength(200),
    auth: vine
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .maxLength(100),
  }),
})

export const pushEndpointValidator = vine.create({
  endpoint: vine.string().maxLength(2000),
})
