import { InventoryItemSchema } from '#database/schema'

/** An item a company hands out to vehicles and drivers; its price in integer cents. */
export default class InventoryItem extends InventoryItemSchema {}
