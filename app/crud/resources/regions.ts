import { defineReferenceList } from '#crud/reference_list'
import Region from '#models/region'

/** Regions vehicles belong to: a name unique in the company and a description. */
export const regionsResource = defineReferenceList({
  key: 'regions',
  table: 'regions',
  model: Region,
  devicesColumn: 'region_id',
})
