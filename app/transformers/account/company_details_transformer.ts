import { BaseTransformer } from '@adonisjs/core/transformers'
import type Company from '#models/company'

/**
 * The company's details as its settings form edits them (empty text for what is not set).
 * The page's type is generated from this class (`Data.Account.CompanyDetails`).
 */
export default class CompanyDetailsTransformer extends BaseTransformer<Company> {
  toObject() {
    const company = this.resource
    return {
      name: company.name,
      contact_email: company.contactEmail ?? '',
      contact_phone: company.contactPhone ?? '',
      address: company.address ?? '',
      tax_id: company.taxId ?? '',
      city: company.city ?? '',
      state: company.state ?? '',
      postal_code: company.postalCode ?? '',
      country: company.country ?? '',
      logo_url: company.logoUrl ?? '',
    }
  }
}

export function companyDetailsForForm(company: Company) {
  return new CompanyDetailsTransformer(company).toObject()
}
