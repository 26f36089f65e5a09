import { InsuranceTypeSchema } from '#database/schema'

export default class InsuranceType extends InsuranceTypeSchema {}
