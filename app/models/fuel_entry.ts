import { FuelEntrySchema } from '#database/schema'

/** One fill-up of a vehicle in the fuel log (spec §3 fuel entry); money in integer cents. */
export default class FuelEntry extends FuelEntrySchema {}
