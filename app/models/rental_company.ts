import { RentalCompanySchema } from '#database/schema'

export default class RentalCompany extends RentalCompanySchema {}
