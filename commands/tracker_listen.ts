import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

export default class TrackerListen extends BaseCommand {
  static commandName = 'tracker:listen'
  static description = 'Run the tracker listener (Teltonika, GT06 and OsmAnd ports)'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { startTrackingFromConfig } = await import('#tracking/start_tracking')
    const service = await startTrackingFromConfig()
    this.app.terminating(() => service.stop())
    process.once('SIGINT', () => this.app.terminate())
  }
}
