import type { LucidModel } from '@adonisjs/lucid/types/model'
import { text } from './fields.js'
import { defineReferenceList } from './reference_list.js'

/** A reference list with whom to call and where to go (rental companies, service points). */
export function defineContactList(table: string, model: LucidModel, defaultFields: string[]) {
  return defineReferenceList({
    key: table,
    table,
    model,
    defaultFields,
    fields: {
      contact_name: text(`${table}.contact_name`, { form: {} }),
      phone: text(`${table}.phone`, { form: { max: 50 } }),
      email: text(`${table}.email`, { form: { max: 254, email: true } }),
      city: text(`${table}.city`, { form: { max: 100 } }),
      address: text(`${table}.address`, { form: { max: 500, wide: true } }),
    },
  })
}
