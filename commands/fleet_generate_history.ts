import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { reportError } from './device_create.js'

/**
 * `node ace fleet:generate-history --company=C --vehicles=200 --days=31`: a realistic history
 * for generated vehicles of a company (by id or name), written through the live pipeline's
 * enrichment and trip detector into the ingest's tables by COPY.
 */
export default class FleetGenerateHistory extends BaseCommand {
  static commandName = 'fleet:generate-history'
  static description =
    'Generate a realistic tracking history (trips, idles, parkings, harsh events, fuel, temperatures, driver cards) for a company'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Company id or name', required: true })
  declare company: string

  @flags.number({ description: 'Vehicles to generate (GEN-001 …)', default: 20 })
  declare vehicles: number

  @flags.number({ description: 'Days of history, ending now', default: 7 })
  declare days: number

  @flags.number({ description: 'Seconds between two positions', default: 30 })
  declare interval: number

  @flags.number({ description: 'Random seed (same seed, same history)', default: 1 })
  declare seed: number

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { generateHistory } = await import('#tracking/history/generate_history')
    try {
      for (const [name, value, max] of [
        ['vehicles', this.vehicles, 10_000],
        ['days', this.days, 366],
        ['interval', this.interval, 3600],
      ] as const) {
        if (!Number.isInteger(value) || value < 1 || value > max) {
          throw new Error(`--${name} must be a whole number from 1 to ${max}`)
        }
      }
      const company = /^\d+$/.test(this.company)
        ? await db.from('companies').where('id', Number(this.company)).first()
        : await db.from('companies').where('name', this.company).first()
      if (!company) throw new Error(`no company ${this.company}`)
      const result = await generateHistory({
        companyId: company.id,
        vehicles: this.vehicles,
        days: this.days,
        intervalSeconds: this.interval,
        seed: this.seed,
        onVehicle: (done, total, positions) => {
          if (done % 10 === 0 || done === total) {
            this.logger.info(`${done}/${total} vehicles, ${positions} positions`)
          }
        },
      })
      this.logger.success(
        `${company.name}: ${result.vehicles} vehicles, ${result.positions} positions, ${result.trips} trips, ${result.stops} stops, ${result.idles} idle periods, ${result.events} events, ${result.fuelEntries} fuel log entries from ${result.from.toISODate()} in ${result.seconds.toFixed(1)} s`
      )
    } catch (error) {
      reportError(this, error)
    }
  }
}
