import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { reportError } from './device_create.js'

export default class DeviceClaim extends BaseCommand {
  static commandName = 'device:claim'
  static description = 'Register to a company an IMEI the listener has seen and refused'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Company name', required: true })
  declare company: string

  @flags.string({ description: 'IMEI listed as "unregistered device seen"', required: true })
  declare imei: string

  @flags.string({ description: 'Vehicle name or plate (defaults to the IMEI)' })
  declare name?: string

  async run() {
    const { claimDevice } = await import('#actions/tracking/register_device')
    try {
      const result = await claimDevice(this.parsed.flags)
      this.logger.success(`claimed ${this.imei} for ${result.company.name} (device #${result.id})`)
    } catch (error) {
      reportError(this, error)
    }
  }
}
