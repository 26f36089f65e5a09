import vine from '@vinejs/vine'
import { commandProtocols } from '#shared/fleet_enums'
import { weekdays } from '#services/settings/working_hours'
import { smsProviderNames } from '#services/sms/sms_providers'

const clock = /^([01]\d|2[0-3]):[0-5]\d$/

/** Working hours: per weekday `<day>_off`, or `<day>_from` and `<day>_to` as HH:mm. */
export const workingHoursValidator = vine.create(
  Object.fromEntries(
    weekdays.flatMap((day) => [
      [`${day}_off`, vine.boolean().optional()],
      [
        `${day}_from`,
        vine
          .string()
          .trim()
          .regex(clock)
          .optional()
          .requiredWhen((field) => !isOff(field.parent[`${day}_off`])),
      ],
      [
        `${day}_to`,
        vine
          .string()
          .trim()
          .regex(clock)
          .optional()
          .requiredWhen((field) => !isOff(field.parent[`${day}_off`])),
      ],
    ])
  )
)

function isOff(value: unknown) {
  return value === true || value === 'true' || value === 'on' || value === 1 || value === '1'
}

export const buildingValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(200),
  latitude: vine.number().range([-90, 90]),
  longitude: vine.number().range([-180, 180]),
})

export const emailSettingsValidator = vine.create({
  smtp_host: vine
    .string()
    .trim()
    .maxLength(255)
    .regex(/^[A-Za-z0-9.-]+$/),
  smtp_port: vine.number().withoutDecimals().range([1, 65535]),
  smtp_user: vine.string().trim().maxLength(255).optional(),
  /** Empty keeps the stored password. */
  smtp_password: vine.string().maxLength(500).optional(),
  clear_password: vine.boolean().optional(),
  smtp_sender_name: vine.string().trim().maxLength(200).optional(),
  smtp_sender_email: vine.string().trim().email().maxLength(254),
})

export const testEmailValidator = vine.create({
  to: vine.string().trim().email().maxLength(254),
})

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const e164 = /^\+[1-9]\d{6,14}$/

export const smsSettingsValidator = vine.create({
  sms_provider: vine.enum(smsProviderNames),
  sms_username: vine.string().trim().minLength(1).maxLength(200),
  /** Empty keeps the stored password. */
  sms_password: vine.string().maxLength(500).optional(),
  sms_header: vine.string().trim().minLength(1).maxLength(11),
})

export const testSmsValidator = vine.create({
  phone: vine.string().trim().regex(e164),
})

const days = (max: number) => vine.number().withoutDecimals().range([1, max]).optional()

/** The temperature range's maximum below its minimum (message `temperatureRange` of validator.json). */
const notBelowTemperatureMinimum = vine.createRule((value, _options, field) => {
  if (!field.isValid) return
  const minimum = (field.parent as Record<string, unknown>)?.temperature_min_c
  if (typeof value === 'number' && typeof minimum === 'number' && value < minimum) {
    field.report('The maximum must not be below the minimum.', 'temperatureRange', field)
  }
})

const celsius = () => vine.number().range([-60, 150])

export const otherSettingsValidator = vine.create({
  archive_days: days(3650),
  licence_expiry_days: days(365),
  geofence_alarms: vine.boolean().optional(),
  maintenance_reminder_days: days(365),
  renewal_reminder_days: days(365),
  /** Implausible fixes and odometer steps (docs/plausibility.md): no road vehicle is faster. */
  max_plausible_speed_kmh: vine.number().withoutDecimals().range([80, 1000]).optional(),
  /** The range of the temperature sensors (docs/plausibility.md, "Threshold states"). */
  temperature_min_c: celsius().optional(),
  temperature_max_c: celsius().use(notBelowTemperatureMinimum()).optional(),
  speed_limit_notifications: vine.boolean().optional(),
  fuel_report_sending: vine.boolean().optional(),
  multi_language: vine.boolean().optional(),
  user_activity_reports: vine.boolean().optional(),
  emergency_notifications: vine.boolean().optional(),
  system_update_notifications: vine.boolean().optional(),
})

export const commandTemplateValidator = vine.create({
  protocol: vine.enum(commandProtocols),
  name: vine.string().trim().minLength(1).maxLength(200),
  text: vine.string().trim().minLength(1).maxLength(500),
})

export const apiTokenValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(200),
  /** `<resource>:read` / `<resource>:write` (api_scopes.ts); at least one. */
  scopes: vine
    .array(
      vine
        .string()
        .trim()
        .maxLength(100)
        .regex(/^[a-z*-]+:(read|write)$/)
    )
    .minLength(1)
    .maxLength(100),
})

export const webhookValidator = vine.create({
  url: vine
    .string()
    .trim()
    .maxLength(2000)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
  secret: vine.string().minLength(16).maxLength(200),
})

export const sendCommandValidator = vine.create({
  template_id: vine.number().withoutDecimals().min(1),
  target: vine.enum(['device', 'group'] as const),
  device_id: vine
    .number()
    .withoutDecimals()
    .min(1)
    .optional()
    .requiredWhen('target', '=', 'device'),
  group_id: vine.number().withoutDecimals().min(1).optional().requiredWhen('target', '=', 'group'),
})
