import { RegionSchema } from '#database/schema'

export default class Region extends RegionSchema {}
