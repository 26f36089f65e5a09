import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'

export default class UserCreate extends BaseCommand {
  static commandName = 'user:create'
  static description =
    'Create or update a confirmed user and make them a member of a company (created when missing)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'E-mail address', required: true })
  declare email: string

  @flags.string({ description: 'Password (at least 8 characters)', required: true })
  declare password: string

  @flags.string({ description: 'Full name' })
  declare name?: string

  @flags.string({ description: 'Company name', required: true })
  declare company: string

  @flags.string({ description: 'Role: owner, admin, manager or user', default: 'owner' })
  declare role: string

  async run() {
    const { provisionUser } = await import('#actions/accounts/provision_user')
    try {
      const { user, company } = await provisionUser(this.parsed.flags)
      this.logger.success(`${user.email} is ${this.role} of "${company.name}" (user #${user.id})`)
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        for (const message of error.messages)
          this.logger.error(`${message.field}: ${message.message}`)
      } else {
        this.logger.error((error as Error).message)
      }
      this.exitCode = 1
    }
  }
}
