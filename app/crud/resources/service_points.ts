import { defineContactList } from '#crud/contact_list'
import ServicePoint from '#models/service_point'

/** Workshops and stations vehicles are serviced at, with how to reach them. */
export const servicePointsResource = defineContactList('service_points', ServicePoint, [
  'name',
  'city',
  'address',
  'phone',
  'contact_name',
])
