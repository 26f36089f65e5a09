import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { reportError } from './device_create.js'

export default class TripsRebuild extends BaseCommand {
  static commandName = 'trips:rebuild'
  static description =
    "Recompute a device's trips, stops, position, fuel and temperature hours from its stored positions"
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'IMEI of the device', required: true })
  declare imei: string

  @flags.string({ description: 'Start (ISO date or date-time, UTC)', required: true })
  declare from: string

  @flags.string({ description: 'End (ISO date or date-time, UTC); default now' })
  declare to?: string

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { rebuildTrips } = await import('#actions/tracking/rebuild_trips')
    const { rebuildSensorRollups } = await import('#actions/tracking/rebuild_sensor_rollups')
    const { rebuildPositionHours } = await import('#actions/tracking/rebuild_position_hours')
    try {
      const from = new Date(this.from)
      const to = this.to ? new Date(this.to) : new Date()
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) {
        throw new Error('--from and --to must be dates, --from before --to')
      }
      const device = await db.from('devices').where('imei', this.imei).first()
      if (!device) throw new Error(`no device with IMEI ${this.imei}`)
      const result = await rebuildTrips(device.id, from, to)
      this.logger.success(
        `${result.trips} trips and ${result.stops} stops rebuilt from ${result.replayFrom.toISOString()}`
      )
      const hours = await rebuildPositionHours(device.id, from, to)
      this.logger.success(`${hours.hours} position hours rebuilt`)
      const sensors = await rebuildSensorRollups(device.id, from, to)
      this.logger.success(
        `${sensors.fuelHours} fuel hours, ${sensors.temperatureHours} temperature hours and ${sensors.fuelEvents} fuel level events rebuilt`
      )
    } catch (error) {
      reportError(this, error)
    }
  }
}
