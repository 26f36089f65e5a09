import { TripSchema } from '#database/schema'

export default class Trip extends TripSchema {}
