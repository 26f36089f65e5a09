import { test } from '@japa/runner'
import {
  MONTHLY_FEE_CENTS,
  computeQuote,
  convertCents,
  formatMoney,
  percentOf,
  products,
  volumeDiscountPercent,
} from '#shared/quote_pricing'

test.group('Quote pricing', () => {
  test('the price list: ten products, prices in whole cents', ({ assert }) => {
    assert.lengthOf(products, 10)
    assert.equal(MONTHLY_FEE_CENTS, 900)
    for (const product of products) assert.isTrue(Number.isInteger(product.unitPriceCents))
  })

  test('volume discount: 5% from 10 vehicles, 10% from 50', ({ assert }) => {
    assert.equal(volumeDiscountPercent(0), 0)
    assert.equal(volumeDiscountPercent(9), 0)
    assert.equal(volumeDiscountPercent(10), 5)
    assert.equal(volumeDiscountPercent(49), 5)
    assert.equal(volumeDiscountPercent(50), 10)
    assert.equal(volumeDiscountPercent(500), 10)
  })

  test('a small fleet: lines, totals, monthly fee and first month discount', ({ assert }) => {
    const quote = computeQuote({ gps_tracker: 3, door_sensor: 2, installation: 3 })
    assert.deepEqual(
      quote.lines.map((line) => [line.key, line.quantity, line.unitPriceCents, line.totalCents]),
      [
        ['gps_tracker', 3, 8900, 26_700],
        ['door_sensor', 2, 1900, 3800],
        ['installation', 3, 3000, 9000],
      ]
    )
    assert.equal(quote.vehicleCount, 3)
    assert.equal(quote.subtotalCents, 39_500)
    assert.equal(quote.extraDiscountPercent, 0)
    assert.equal(quote.extraDiscountCents, 0)
    assert.equal(quote.totalCents, 39_500)
    assert.equal(quote.monthlyFeeCents, 2700)
    assert.equal(quote.firstMonthDiscountCents, 270)
    assert.equal(quote.firstMonthFeeCents, 2430)
    assert.equal(quote.totalDiscountCents, 270)
    assert.equal(quote.dueNowCents, 41_930)
  })

  test('vehicles are the trackers of every kind; the discount covers the one-time part', ({
    assert,
  }) => {
    const quote = computeQuote({ gps_tracker: 6, obd_tracker: 3, ev_tracker: 1, fuel_sensor: 1 })
    assert.equal(quote.vehicleCount, 10)
    assert.equal(quote.subtotalCents, 6 * 8900 + 3 * 5900 + 11_900 + 14_900)
    assert.equal(quote.extraDiscountPercent, 5)
    assert.equal(quote.extraDiscountCents, percentOf(quote.subtotalCents, 5))
    assert.equal(quote.totalCents, quote.subtotalCents - quote.extraDiscountCents)
    assert.equal(quote.monthlyFeeCents, 9000)
    assert.equal(quote.firstMonthDiscountCents, 900)
    assert.equal(quote.totalDiscountCents, quote.extraDiscountCents + 900)
    assert.equal(quote.dueNowCents, quote.totalCents + 8100)
  })

  test('50 vehicles get 10%, rounded half up to the cent', ({ assert }) => {
    const quote = computeQuote({ obd_tracker: 50, sos_button: 3 })
    assert.equal(quote.subtotalCents, 50 * 5900 + 3 * 1500)
    assert.equal(quote.extraDiscountPercent, 10)
    assert.equal(quote.extraDiscountCents, 29_950)
    assert.equal(percentOf(1005, 10), 101)
    assert.equal(percentOf(1004, 10), 100)
  })

  test('leaves out unknown products, zero, negative and broken quantities', ({ assert }) => {
    const quote = computeQuote({
      gps_tracker: 0,
      obd_tracker: -4,
      rfid_reader: Number.NaN,
      installation: 2.7,
      ...({ jetpack: 3 } as object),
    })
    assert.deepEqual(
      quote.lines.map((line) => [line.key, line.quantity]),
      [['installation', 2]]
    )
    assert.equal(computeQuote({}).lines.length, 0)
    assert.equal(computeQuote({}).dueNowCents, 0)
  })

  test('converts to lira at a 4-decimal rate and formats both languages', ({ assert }) => {
    assert.equal(convertCents(41_930, 49.5), 2_075_535)
    assert.equal(convertCents(100, 49.12345), 4912)
    assert.equal(formatMoney(41_930, 'EUR', 'en'), '€419.30')
    assert.equal(formatMoney(900, 'EUR', 'en', { trimZeros: true }), '€9')
    assert.equal(formatMoney(123_456, 'EUR', 'tr'), '€1.234,56')
    assert.equal(formatMoney(2_075_535, 'TRY', 'tr'), '₺20.755,35')
  })
})
