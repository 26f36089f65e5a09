import env from '#start/env'

/**
 * The two offices printed on quotes and shown on the contact page (spec §1): Estonia and
 * Turkey. Every value can be overridden from the environment (README.md, "Public site").
 * Empty registry and tax numbers are left off the documents.
 */
export interface CompanyOffice {
  code: 'ee' | 'tr'
  /** ISO 3166 code; the country name is translated (site.offices.countries.*). */
  country: 'EE' | 'TR'
  legalName: string
  address: string
  city: string
  postalCode: string
  registryCode: string
  taxId: string
  email: string
  phone: string
}

const read = (name: string, fallback: string) => (env.get(name) ?? fallback).trim()

export const companyOffices: CompanyOffice[] = [
  {
    code: 'ee',
    country: 'EE',
    legalName: read('OFFICE_EE_NAME', 'FleetTrack OÜ'),
    address: read('OFFICE_EE_ADDRESS', 'Narva mnt 5'),
    city: read('OFFICE_EE_CITY', 'Tallinn'),
    postalCode: read('OFFICE_EE_POSTAL_CODE', '10117'),
    registryCode: read('OFFICE_EE_REGISTRY_CODE', ''),
    taxId: read('OFFICE_EE_VAT_ID', ''),
    email: read('OFFICE_EE_EMAIL', 'hello@fleettrack.local'),
    phone: read('OFFICE_EE_PHONE', ''),
  },
  {
    code: 'tr',
    country: 'TR',
    legalName: read('OFFICE_TR_NAME', 'FleetTrack Teknoloji A.Ş.'),
    address: read('OFFICE_TR_ADDRESS', 'Büyükdere Cad. No: 100, Şişli'),
    city: read('OFFICE_TR_CITY', 'İstanbul'),
    postalCode: read('OFFICE_TR_POSTAL_CODE', '34394'),
    registryCode: read('OFFICE_TR_TRADE_REGISTRY', ''),
    taxId: read('OFFICE_TR_TAX_ID', ''),
    email: read('OFFICE_TR_EMAIL', 'merhaba@fleettrack.local'),
    phone: read('OFFICE_TR_PHONE', ''),
  },
]
