import vine from '@vinejs/vine'
import { dateFormats, homePages, mapLayerNames } from '#shared/user_settings'
import { teamRoles } from '#enums/team_role'
import { hideableMenus } from '#shared/menu_permissions'
import { timeZoneRule } from '#validators/rules/time_zone_rule'

export const profileValidator = vine.create({
  /** A new address is only requested here: it changes once the link sent to it is opened. */
  email: vine
    .string()
    .trim()
    .toLowerCase()
    .email()
    .maxLength(254)
    .unique({
      table: 'users',
      column: 'email',
      filter: (query, _value, field) => {
        query.whereNot('id', field.meta.userId)
      },
    })
    .optional(),
  full_name: vine.string().trim().maxLength(200).optional(),
  phone: vine.string().trim().maxLength(50).optional(),
})

export const userSettingsValidator = vine.create({
  timezone: vine.string().trim().maxLength(64).use(timeZoneRule()),
  locale: vine.enum(['en', 'tr']),
  date_format: vine.enum(dateFormats),
  default_map_layer: vine.enum(mapLayerNames),
  default_home_page: vine.enum(homePages),
})

export const teamMemberValidator = vine.create({
  email: vine.string().trim().toLowerCase().email().maxLength(254),
  role: vine.enum(teamRoles),
})

export const teamRoleValidator = vine.create({
  role: vine.enum(teamRoles),
})

/** The vehicle groups a member is limited to (issue 27); none chosen: every vehicle. */
export const memberVehicleGroupsValidator = vine.create({
  deviceGroupIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(500).optional(),
})

export const menuPermissionsValidator = vine.create({
  hidden: vine.array(vine.enum(hideableMenus)).optional(),
  /** Whose menus: everyone in the company (default), a role, or one member. */
  scope: vine.enum(['company', 'role', 'user']).optional(),
  role: vine.enum(teamRoles).optional().requiredWhen('scope', '=', 'role'),
  user_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(2147483647)
    .optional()
    .requiredWhen('scope', '=', 'user'),
  /** Drops the role's or member's own setting: they follow the wider one again. */
  inherit: vine.boolean().optional(),
  /** Sets only the role's or member's HR right (personal data, HR reports); menus unchanged. */
  hr_access: vine.boolean().optional(),
})

export const companySettingsValidator = vine.create({
  // companies.name is unique: another company's name is a field error, not a failed insert.
  name: vine
    .string()
    .trim()
    .minLength(2)
    .maxLength(200)
    .unique({
      table: 'companies',
      column: 'name',
      filter: (query, _value, field) => {
        query.whereNot('id', field.meta.companyId)
      },
    }),
  contact_email: vine.string().trim().email().maxLength(254).optional(),
  contact_phone: vine.string().trim().maxLength(50).optional(),
  address: vine.string().trim().maxLength(500).optional(),
  tax_id: vine.string().trim().maxLength(50).optional(),
  city: vine.string().trim().maxLength(100).optional(),
  state: vine.string().trim().maxLength(100).optional(),
  postal_code: vine.string().trim().maxLength(20).optional(),
  country: vine.string().trim().maxLength(100).optional(),
  logo_url: vine.string().trim().url().maxLength(500).optional(),
})

/** The account an invited address creates from its invitation link. */
export const invitationSignupValidator = vine.create({
  full_name: vine.string().trim().minLength(1).maxLength(200),
  password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .confirmed({ confirmationField: 'password_confirmation' }),
})
