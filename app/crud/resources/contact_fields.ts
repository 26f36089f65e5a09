import { text } from '#crud/fields'

/** Who to call and where to go: the contact fields of rental companies and service points. */
export function contactFields(table: string) {
  return {
    contact_name: text(`${table}.contact_name`, { form: {} }),
    phone: text(`${table}.phone`, { form: { max: 50 } }),
    email: text(`${table}.email`, { form: { max: 254, email: true } }),
    city: text(`${table}.city`, { form: { max: 100 } }),
    address: text(`${table}.address`, { form: { max: 500, wide: true } }),
  }
}
