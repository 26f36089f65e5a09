import { defineReferenceList } from '#crud/reference_list'
import Department from '#models/department'

/** Departments vehicles belong to: a name unique in the company and a description. */
export const departmentsResource = defineReferenceList({
  key: 'departments',
  table: 'departments',
  model: Department,
  devicesColumn: 'department_id',
})
