import { defineReferenceList } from '#crud/reference_list'
import TrafficFineType from '#models/traffic_fine_type'

/** Kinds of traffic fines: a name unique in the company and a description. */
export const trafficFineTypesResource = defineReferenceList({
  key: 'traffic_fine_types',
  table: 'traffic_fine_types',
  model: TrafficFineType,
})
