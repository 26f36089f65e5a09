import { MaintenanceScheduleSchema } from '#database/schema'

/** A recurring maintenance of a vehicle, due by date or kilometres. */
export default class MaintenanceSchedule extends MaintenanceScheduleSchema {}
