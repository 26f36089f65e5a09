/**
 * The value lists of fleet records (spec §3), declared once: the resources build
 * their validators, filters and forms from them, and pages import them as they are.
 * Labels live in resources/lang/<locale>/crud.json under `<resource>.values.<field>`.
 */
export const trackerProtocols = ['teltonika', 'gt06', 'osmand'] as const
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
