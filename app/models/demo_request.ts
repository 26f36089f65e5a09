import { DemoRequestSchema } from '#database/schema'
import type { DemoSubject } from '#validators/site/inquiry_validators'

/** A demo request sent from the public site (spec §3). Not tenant data. */
export default class DemoRequest extends DemoRequestSchema {
  declare subject: DemoSubject
}
