import { EventSchema } from '#database/schema'
import { column } from '@adonisjs/lucid/orm'

/** An alarm or state change in the spec's codes (§9), recorded at ingest. */
export default class TrackerEvent extends EventSchema {
  static table = 'events'

  @column()
  declare attributes: Record<string, unknown>
}
