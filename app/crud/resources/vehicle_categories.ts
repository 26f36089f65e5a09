import { defineReferenceList } from '#crud/reference_list'
import VehicleCategory from '#models/vehicle_category'

/** Vehicle categories (car, van, truck...): a name unique in the company and a description. */
export const vehicleCategoriesResource = defineReferenceList({
  key: 'vehicle_categories',
  table: 'vehicle_categories',
  model: VehicleCategory,
  devicesColumn: 'category_id',
})
