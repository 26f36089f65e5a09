import { BaseTransformer } from '@adonisjs/core/transformers'
import type ContactMessage from '#models/contact_message'

/** A contact message sent from the public site, as the back office lists it (`Data.Site.ContactMessage`). */
export default class ContactMessageTransformer extends BaseTransformer<ContactMessage> {
  toObject() {
    const message = this.resource
    return {
      id: message.id,
      fullName: message.fullName,
      email: message.email,
      phone: message.phone,
      message: message.message,
      locale: message.locale,
      ip: message.ip,
      createdAt: message.createdAt.toISO()!,
    }
  }
}

export type ContactMessageRow = ReturnType<ContactMessageTransformer['toObject']>

export function contactMessageForList(message: ContactMessage): ContactMessageRow {
  return new ContactMessageTransformer(message).toObject()
}
