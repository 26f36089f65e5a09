import { defineReferenceList } from '#crud/reference_list'
import InsuranceType from '#models/insurance_type'

/** Insurance types (spec §3: a name): a name unique in the company and a description. */
export const insuranceTypesResource = defineReferenceList({
  key: 'insurance_types',
  table: 'insurance_types',
  model: InsuranceType,
})
