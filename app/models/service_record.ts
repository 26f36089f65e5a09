import { ServiceRecordSchema } from '#database/schema'

/** A vehicle's visit to a service point. */
export default class ServiceRecord extends ServiceRecordSchema {}
