/*
| Invoices print the sellers' tax and registry numbers from the environment; an empty one is
| left off the invoice, which is lawful nowhere for long: say so when the web process starts.
*/
import logger from '@adonisjs/core/services/logger'
import { companyOffices } from '#config/company_offices'
import { missingSellerNumbers } from '#services/billing/invoicing_details'

const missing = missingSellerNumbers(companyOffices)
if (missing.length > 0) {
  logger.warn(
    { missing },
    `invoices are issued without the sellers' tax or registry numbers: set ${missing.join(', ')}`
  )
}
