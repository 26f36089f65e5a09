import { MaintenanceRecordSchema } from '#database/schema'

/** A maintenance done (or due) on a vehicle. */
export default class MaintenanceRecord extends MaintenanceRecordSchema {}
