import vine from '@vinejs/vine'

/** The demo request subjects of spec §3, in the order the form lists them. */
export const demoSubjects = [
  'logistics',
  'construction',
  'transportation',
  'fleet_management',
  'asset_tracking',
  'supply_chain',
  'safety_and_security',
  'energy',
  'agriculture',
  'smart_city',
  'healthcare',
  'retail_and_ecommerce',
  'manufacturing',
  'public_transport',
  'emergency_services',
  'other',
] as const
export type DemoSubject = (typeof demoSubjects)[number]

/** The hidden field bots fill in; people never see it. */
export const HONEYPOT_FIELD = 'website'

const email = () => vine.string().trim().toLowerCase().email().maxLength(254)
const phone = () =>
  vine
    .string()
    .trim()
    .maxLength(40)
    .regex(/^[+()\d\s./-]{5,40}$/)
    .optional()

/** Spec §3 and §5: only the e-mail is required ("Email is required."). */
export const contactValidator = vine.create({
  full_name: vine.string().trim().maxLength(200).optional(),
  email: email(),
  phone: phone(),
  message: vine.string().trim().maxLength(5000).optional(),
})

export const demoRequestValidator = vine.create({
  name_or_company: vine.string().trim().minLength(2).maxLength(200),
  email: email(),
  phone: phone(),
  vehicle_count: vine.number().withoutDecimals().min(1).max(100_000).optional(),
  subject: vine.enum(demoSubjects),
  message: vine.string().trim().maxLength(5000).optional(),
})
