import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CommandTargetRow } from '#queries/settings/command_templates'

/**
 * A vehicle of the commands page (the send form's choices, the log's filter): its protocol
 * picks the templates it takes. The page's type is generated from this class
 * (`Data.Settings.CommandVehicle`).
 */
export default class CommandVehicleTransformer extends BaseTransformer<CommandTargetRow> {
  toObject() {
    const row = this.resource
    return {
      id: row.id,
      name: row.name,
      plate: row.plate,
      protocol: row.protocol,
      groupId: row.groupId,
    }
  }
}

export function commandVehicleForPage(row: CommandTargetRow) {
  return new CommandVehicleTransformer(row).toObject()
}
