import { BaseTransformer } from '@adonisjs/core/transformers'
import type { I18n } from '@adonisjs/i18n'
import { companyOffices, type CompanyOffice } from '#config/company_offices'
import type { QuoteOffice } from '#shared/quote_document'

/**
 * One of the company's offices as the contact page and the quote show it: the country in
 * the page's language, the address as lines (`Data.Site.Office`).
 */
export default class OfficeTransformer extends BaseTransformer<{
  office: CompanyOffice
  i18n: I18n
}> {
  toObject(): QuoteOffice {
    const { office, i18n } = this.resource
    return {
      code: office.code,
      country: i18n.t(`site.offices.countries.${office.country}`),
      legalName: office.legalName,
      addressLines: [office.address, [office.postalCode, office.city].filter(Boolean).join(' ')],
      registryCode: office.registryCode,
      taxId: office.taxId,
      email: office.email,
      phone: office.phone,
    }
  }
}

/** Both offices, in the language of `i18n`. */
export function officesFor(i18n: I18n): QuoteOffice[] {
  return companyOffices.map((office) => new OfficeTransformer({ office, i18n }).toObject())
}
