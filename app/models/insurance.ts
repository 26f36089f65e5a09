import { InsuranceSchema } from '#database/schema'

/** An insurance policy of a vehicle, amounts in integer cents. */
export default class Insurance extends InsuranceSchema {}
