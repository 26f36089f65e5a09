import { TrafficFineSchema } from '#database/schema'

/** A traffic fine and where its payment stands. */
export default class TrafficFine extends TrafficFineSchema {}
