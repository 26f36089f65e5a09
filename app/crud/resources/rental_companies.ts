import { defineContactList } from '#crud/contact_list'
import RentalCompany from '#models/rental_company'

/** Companies vehicles are rented from, with whom to contact. */
export const rentalCompaniesResource = defineContactList('rental_companies', RentalCompany, [
  'name',
  'contact_name',
  'phone',
  'email',
  'city',
])
