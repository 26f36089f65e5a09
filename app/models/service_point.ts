import { ServicePointSchema } from '#database/schema'

export default class ServicePoint extends ServicePointSchema {}
