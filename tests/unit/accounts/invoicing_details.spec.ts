import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Company from '#models/company'
import {
  invoiceDueOn,
  missingInvoicingDetails,
  missingSellerNumbers,
} from '#services/billing/invoicing_details'

test.group('Invoicing details', () => {
  test('an empty or blank tax ID, address, city or country is missing', ({ assert }) => {
    const company = new Company().merge({
      name: 'Acme',
      taxId: '123',
      address: '  ',
      city: 'Ankara',
      country: null,
    })
    assert.deepEqual(missingInvoicingDetails(company), ['address', 'country'])
  })

  test('bank transfer is due 14 days after issue, a card on the day', ({ assert }) => {
    const issued = DateTime.fromISO('2026-12-20')
    assert.equal(invoiceDueOn(issued, 'bank_transfer').toISODate(), '2027-01-03')
    assert.equal(invoiceDueOn(issued, 'card').toISODate(), '2026-12-20')
  })

  test('the empty seller numbers are named by their environment variables', ({ assert }) => {
    assert.deepEqual(
      missingSellerNumbers([
        { code: 'ee', taxId: 'EE123', registryCode: '' },
        { code: 'tr', taxId: '', registryCode: '' },
      ]),
      ['OFFICE_EE_REGISTRY_CODE', 'OFFICE_TR_TAX_ID', 'OFFICE_TR_TRADE_REGISTRY']
    )
  })
})
