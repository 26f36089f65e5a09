import { TireRecordSchema } from '#database/schema'

/** A tyre change of a vehicle. */
export default class TireRecord extends TireRecordSchema {}
