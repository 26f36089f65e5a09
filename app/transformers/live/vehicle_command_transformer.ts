import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeviceCommand from '#models/device_command'
import type { CommandAction, CommandStatus } from '#shared/fleet_enums'

/**
 * A command on the vehicle page's commands card, queued -> sent -> answered, with the tracker's
 * reply (`Data.Live.VehicleCommand`). The page follows its status over the live channel.
 */
export default class VehicleCommandTransformer extends BaseTransformer<DeviceCommand> {
  toObject() {
    const command = this.resource
    return {
      id: Number(command.id),
      // The columns are text; queueCommand and the dispatcher write only these values.
      kind: command.kind as CommandAction,
      payload: command.payload,
      status: command.status as CommandStatus,
      response: command.response,
      createdAt: command.createdAt.toISO()!,
      sentAt: command.sentAt?.toISO() ?? null,
      answeredAt: command.answeredAt?.toISO() ?? null,
    }
  }
}

export function vehicleCommandsForList(commands: DeviceCommand[]) {
  return commands.map((command) => new VehicleCommandTransformer(command).toObject())
}
