import { DepartmentSchema } from '#database/schema'

export default class Department extends DepartmentSchema {}
