import type { Data } from '~generated/data'

/** The rows the Commands page receives (settings/commands). */
/** Generated from app/transformers/settings/command_template_transformer.ts. */
export type CommandTemplate = Data.Settings.CommandTemplate
/** Generated from app/transformers/settings/command_vehicle_transformer.ts. */
export type CommandVehicle = Data.Settings.CommandVehicle
/** Generated from app/transformers/fleet/device_group_transformer.ts. */
export type CommandGroup = Data.Fleet.DeviceGroup
/** Generated from app/transformers/settings/command_transformer.ts. */
export type CommandLogLine = Data.Settings.Command
