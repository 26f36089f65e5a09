import { defineReferenceList } from '#crud/reference_list'
import { contactFields } from '#crud/resources/contact_fields'
import ServicePoint from '#models/service_point'

/** Workshops and stations vehicles are serviced at, with how to reach them. */
export const servicePointsResource = defineReferenceList({
  key: 'service_points',
  table: 'service_points',
  model: ServicePoint,
  fields: contactFields('service_points'),
  defaultFields: ['name', 'city', 'address', 'phone', 'contact_name'],
})
