import type { Data } from '~generated/data'

/** The rows the Commands page receives (settings/commands). */
/** Generated from app/transformers/settings/command_template_transformer.ts. */
export type CommandTemplate = Data.Settings.CommandTemplate
export type CommandVehicle = {
  id: number
  name: string
  plate: string | null
  protocol: string
  groupId: number | null
}
export type CommandGroup = { id: number; name: string }
/** Generated from app/transformers/settings/command_transformer.ts. */
export type CommandLogLine = Data.Settings.Command
