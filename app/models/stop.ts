import { StopSchema } from '#database/schema'

export default class Stop extends StopSchema {}
