import { InventoryAssignmentSchema } from '#database/schema'

/** An inventory item held by a vehicle or a driver, until it is returned. */
export default class InventoryAssignment extends InventoryAssignmentSchema {}
