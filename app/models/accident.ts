import { AccidentSchema } from '#database/schema'

/** An accident of a vehicle, with its photo. */
export default class Accident extends AccidentSchema {}
