import { BaseTransformer } from '@adonisjs/core/transformers'
import { demoSubjects, HONEYPOT_FIELD } from '#validators/site/inquiry_validators'

/** Which of the public site's forms was just sent (flashed), if any. */
export type SentForm = 'contact' | 'demo' | null

/**
 * What the contact and demo request forms need besides their labels: the form just sent
 * (for its success panel), the demo subjects and the honeypot field's name
 * (`Data.Site.InquiryForm`).
 */
export default class InquiryFormTransformer extends BaseTransformer<SentForm> {
  toObject() {
    return { sent: this.resource, subjects: [...demoSubjects], honeypot: HONEYPOT_FIELD }
  }
}

export function inquiryFormForPage(sent: SentForm) {
  return new InquiryFormTransformer(sent).toObject()
}
