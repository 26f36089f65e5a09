import { RentalRecordSchema } from '#database/schema'

/** A rental of a vehicle from a rental company. */
export default class RentalRecord extends RentalRecordSchema {}
