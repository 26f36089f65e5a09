/**
 * The value lists of fleet records (spec §3), declared once: the resources build
 * their validators, filters and forms from them, and pages import them as they are.
 * Labels live in resources/lang/<locale>/crud.json under `<resource>.values.<field>`.
 */
/** The tracker protocol families; each has its definition in app/tracking/protocols/registry.ts. */
export const trackerProtocols = [
  'teltonika',
  'gt06',
  'osmand',
  'h02',
  'gps103',
  'meitrack',
  'ruptela',
  'gl200',
] as const
/** The protocols the command builder and the command templates write commands for. */
export const commandProtocols = ['teltonika', 'gt06'] as const
export type CommandProtocol = (typeof commandProtocols)[number]
/** What the command builder writes: the engine block and unblock, or a custom text. */
export const commandActions = ['engine_block', 'engine_unblock', 'custom'] as const
export type CommandAction = (typeof commandActions)[number]
/** Where a command sent to a vehicle stands: queued -> sent -> answered, or failed. */
export const commandStatuses = ['queued', 'sent', 'answered', 'failed'] as const
export type CommandStatus = (typeof commandStatuses)[number]

export const fuelTypes = ['gasoline', 'diesel', 'electric', 'hybrid', 'other'] as const
export const ownerships = ['own', 'rental'] as const
export const deviceStatuses = ['active', 'passive'] as const
export const liveStatuses = ['moving', 'idle', 'stopped'] as const
export const driverStatuses = ['active', 'passive', 'on_leave'] as const
export const bloodTypes = ['0+', '0-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const
export const inventoryTypes = ['returnable', 'non_returnable'] as const
export const currencies = ['TRY', 'EUR'] as const

export type TrackerProtocol = (typeof trackerProtocols)[number]
export type DriverStatus = (typeof driverStatuses)[number]

/** Fleet records (spec §3, §4). */
export const tireStatuses = ['new', 'in_use', 'in_storage', 'scrapped'] as const
export const trafficFineStatuses = [
  'paid',
  'delayed_payment',
  'discounted_payment',
  'unpaid',
] as const
export const paymentPeriods = ['monthly', 'quarterly', 'yearly', 'one_time'] as const
export const serviceReasons = [
  'fault',
  'periodic_maintenance',
  'instant_maintenance',
  'spare_part',
  'accident',
  'tire_change',
  'major_maintenance',
] as const
export const maintenanceTypes = [
  'annual_inspection',
  'oil_change',
  'tire_rotation',
  'brake_check',
  'battery_replacement',
  'air_filter_replacement',
  'coolant_flush',
  'transmission_fluid_change',
  'spark_plug_replacement',
  'timing_belt_replacement',
  'wheel_alignment',
  'suspension_check',
  'exhaust_system_inspection',
  'air_conditioning_service',
  'headlight_and_taillight_check',
] as const
/** Where a maintenance schedule item stands: by date or by kilometres, whichever comes first. */
export const maintenanceDueStates = ['overdue', 'due', 'ok'] as const

export type MaintenanceType = (typeof maintenanceTypes)[number]
export type MaintenanceDueState = (typeof maintenanceDueStates)[number]
