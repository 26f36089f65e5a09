import { defineReferenceList } from '#crud/reference_list'
import { contactFields } from '#crud/resources/contact_fields'
import RentalCompany from '#models/rental_company'

/** Companies vehicles are rented from, with whom to contact. */
export const rentalCompaniesResource = defineReferenceList({
  key: 'rental_companies',
  table: 'rental_companies',
  model: RentalCompany,
  fields: contactFields('rental_companies'),
  defaultFields: ['name', 'contact_name', 'phone', 'email', 'city'],
})
