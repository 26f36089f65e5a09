import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'

export default class CompanyCreate extends BaseCommand {
  static commandName = 'company:create'
  static description = 'Create a company (does nothing when it exists)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Company name', required: true })
  declare name: string

  async run() {
    const { companyNameValidator } = await import('#actions/accounts/provision_user')
    const { findOrCreateCompany } = await import('#services/tenancy')
    try {
      const { name } = await companyNameValidator.validate({ name: this.name })
      const company = await findOrCreateCompany(name)
      this.logger.success(`company "${company.name}" (#${company.id})`)
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
