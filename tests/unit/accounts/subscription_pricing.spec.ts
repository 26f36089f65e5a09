import { test } from '@japa/runner'
import {
  EXTENSION_DISCOUNT_PERCENT,
  codeStatus,
  priceExtension,
  priceProductOrder,
  type DiscountCodeTerms,
  type ExtensionMonths,
} from '#shared/subscription_pricing'

const today = '2026-11-25'
const rate = 49.5
const existing = (count: number) => Array.from({ length: count }, () => ({ isNew: false }))
const code = (terms: Partial<DiscountCodeTerms>): DiscountCodeTerms => ({
  code: 'WELCOME',
  kind: 'percent',
  value: 15,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  usedCount: 0,
  ...terms,
})

/** Every figure below is worked out by hand: 9 EUR = 900 cents per vehicle and month. */
test.group('Subscription pricing', () => {
  test('extension discounts of spec §9: 0, 4, 10, 16, 20 %', ({ assert }) => {
    assert.deepEqual(EXTENSION_DISCOUNT_PERCENT, { 1: 0, 3: 4, 6: 10, 9: 16, 12: 20 })
  })

  test('one existing vehicle, every extension length, VAT 20 %', ({ assert }) => {
    // months: [gross, discount, net, vat, total]
    const expected: Record<ExtensionMonths, [number, number, number, number, number]> = {
      1: [900, 0, 900, 180, 1080],
      3: [2700, 108, 2592, 518, 3110], // VAT 518.4 rounds down
      6: [5400, 540, 4860, 972, 5832],
      9: [8100, 1296, 6804, 1361, 8165], // VAT 1360.8 rounds up
      12: [10800, 2160, 8640, 1728, 10368],
    }
    for (const [months, [gross, discount, net, vat, total]] of Object.entries(expected)) {
      const price = priceExtension({
        vehicles: existing(1),
        months: Number(months) as ExtensionMonths,
        today,
        rate,
      })
      assert.equal(price.grossCents, gross, `gross for ${months}`)
      assert.equal(price.extensionDiscountCents, discount, `discount for ${months}`)
      assert.equal(price.firstMonthDiscountCents, 0)
      assert.equal(price.netCents, net, `net for ${months}`)
      assert.equal(price.vatCents, vat, `vat for ${months}`)
      assert.equal(price.totalCents, total, `total for ${months}`)
    }
  })

  test('three vehicles for six months: 10 % off, VAT added, TRY at the rate', ({ assert }) => {
    const price = priceExtension({ vehicles: existing(3), months: 6, today, rate })
    assert.equal(price.grossCents, 16200)
    assert.equal(price.extensionDiscountPercent, 10)
    assert.equal(price.extensionDiscountCents, 1620)
    assert.equal(price.netCents, 14580)
    assert.equal(price.vatCents, 2916)
    assert.equal(price.totalCents, 17496)
    assert.equal(price.totalTryCents, 866052) // 174.96 EUR x 49.5 = 8 660.52 TRY
  })

  test('a new vehicle gets 10 % off its first month, after the extension discount', ({
    assert,
  }) => {
    const oneMonth = priceExtension({ vehicles: [{ isNew: true }], months: 1, today, rate })
    assert.equal(oneMonth.firstMonthDiscountCents, 90)
    assert.equal(oneMonth.netCents, 810)
    assert.equal(oneMonth.vatCents, 162)
    assert.equal(oneMonth.totalCents, 972)

    // 12 months: 20 % off 10 800 = 2 160; first month 720, 10 % of it = 72.
    const year = priceExtension({ vehicles: [{ isNew: true }], months: 12, today, rate })
    assert.equal(year.extensionDiscountCents, 2160)
    assert.equal(year.firstMonthDiscountCents, 72)
    assert.equal(year.netCents, 8568)
    assert.equal(year.vatCents, 1714) // 1 713.6
    assert.equal(year.totalCents, 10282)
  })

  test('a percentage code applies after the plan discounts', ({ assert }) => {
    // 2 vehicles (1 new), 6 months: 10 800 - 1 080 - 81 = 9 639; 15 % = 1 445.85 -> 1 446.
    const price = priceExtension({
      vehicles: [{ isNew: true }, { isNew: false }],
      months: 6,
      code: code({ value: 15 }),
      today,
      rate,
    })
    assert.equal(price.firstMonthDiscountCents, 81)
    assert.equal(price.codeStatus, 'applied')
    assert.equal(price.codeDiscountCents, 1446)
    assert.equal(price.netCents, 8193)
    assert.equal(price.vatCents, 1639) // 1 638.6
    assert.equal(price.totalCents, 9832)
    assert.equal(price.discountCents, 1080 + 81 + 1446)
  })

  test('a fixed code takes its amount off, never below zero', ({ assert }) => {
    const price = priceExtension({
      vehicles: existing(1),
      months: 3,
      code: code({ kind: 'fixed', value: 2500 }),
      today,
      rate,
    })
    assert.equal(price.codeDiscountCents, 2500)
    assert.equal(price.netCents, 92)
    assert.equal(price.vatCents, 18)
    assert.equal(price.totalCents, 110)

    const free = priceExtension({
      vehicles: existing(1),
      months: 1,
      code: code({ kind: 'fixed', value: 5000 }),
      today,
      rate,
    })
    assert.equal(free.codeDiscountCents, 900)
    assert.equal(free.totalCents, 0)
  })

  test('a code outside its dates or used up gives nothing off', ({ assert }) => {
    const cases: [Partial<DiscountCodeTerms>, string][] = [
      [{ validFrom: '2026-12-01' }, 'not_yet_valid'],
      [{ validUntil: '2026-11-24' }, 'expired'],
      [{ maxUses: 3, usedCount: 3 }, 'used_up'],
      [{ validFrom: '2026-11-25', validUntil: '2026-11-25', maxUses: 3, usedCount: 2 }, 'applied'],
    ]
    for (const [terms, status] of cases) {
      assert.equal(codeStatus(code(terms), today), status)
      const price = priceExtension({
        vehicles: existing(1),
        months: 1,
        code: code(terms),
        today,
        rate,
      })
      assert.equal(price.codeDiscountCents, status === 'applied' ? 135 : 0)
    }
    assert.equal(codeStatus(null, today), 'none')
  })

  test('a product order: the quote catalogue, volume discount, VAT', ({ assert }) => {
    // 10 GPS trackers at 89 EUR = 890 EUR, 5 % volume discount = 44.50, VAT on 845.50.
    const price = priceProductOrder({ quantities: { gps_tracker: 10 }, today, rate })
    assert.equal(price.subtotalCents, 89000)
    assert.equal(price.volumeDiscountCents, 4450)
    assert.equal(price.netCents, 84550)
    assert.equal(price.vatCents, 16910)
    assert.equal(price.totalCents, 101460)
    assert.equal(price.totalTryCents, 5022270)
  })
})
