import { TrafficFineTypeSchema } from '#database/schema'

export default class TrafficFineType extends TrafficFineTypeSchema {}
