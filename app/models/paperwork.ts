import { PaperworkSchema } from '#database/schema'

/** A document of a vehicle. */
export default class Paperwork extends PaperworkSchema {}
