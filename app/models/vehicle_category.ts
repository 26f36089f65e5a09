import { VehicleCategorySchema } from '#database/schema'

export default class VehicleCategory extends VehicleCategorySchema {}
