import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import { trackerProtocols } from '#shared/fleet_enums'

export default class DeviceCreate extends BaseCommand {
  static commandName = 'device:create'
  static description = 'Register a tracker (IMEI) to a company'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Company name', required: true })
  declare company: string

  @flags.string({ description: 'IMEI (or the Traccar Client device identifier)', required: true })
  declare imei: string

  @flags.string({ description: 'Vehicle name or plate', required: true })
  declare name: string

  @flags.string({ description: trackerProtocols.join(', '), required: true })
  declare protocol: string

  async run() {
    const { registerDevice } = await import('#actions/tracking/register_device')
    try {
      const result = await registerDevice(this.parsed.flags)
      this.logger.success(
        `${result.created ? 'registered' : 'already registered'}: ${this.imei} (device #${result.id}, ${result.company.name})`
      )
    } catch (error) {
      reportError(this, error)
    }
  }
}

export function reportError(command: BaseCommand, error: unknown) {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    for (const message of error.messages)
      command.logger.error(`${message.field}: ${message.message}`)
  } else {
    command.logger.error((error as Error).message)
  }
  command.exitCode = 1
}
