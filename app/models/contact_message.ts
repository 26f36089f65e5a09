import { ContactMessageSchema } from '#database/schema'

/** A message sent with the public contact form (spec §3). Not tenant data. */
export default class ContactMessage extends ContactMessageSchema {}
