/**
 * The tracking layer's public entry for what the web side tells the tracker listeners
 * through PostgreSQL NOTIFY, and the command kinds a listener sends to devices.
 */

export type CommandKind = 'engine_block' | 'engine_unblock' | 'custom'

/** NOTIFYed with a device's id when a command is queued for it. */
export const COMMAND_CHANNEL = 'device_commands'

/** NOTIFYed with a device's IMEI when it is created, edited, claimed or deleted. */
export const DEVICE_CHANGES_CHANNEL = 'device_changes'

/** NOTIFYed with a company id when its geofences change (listeners reload its zones). */
export const GEOFENCE_CHANGES_CHANNEL = 'geofence_changes'

/** NOTIFYed with a company id when its working hours are saved. */
export const WORKING_HOURS_CHANGES_CHANNEL = 'working_hours_changes'
