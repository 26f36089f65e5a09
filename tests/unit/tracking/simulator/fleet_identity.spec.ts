import { test } from '@japa/runner'
import { imeiFor, plateFor, routeFor } from '#tracking/simulator/fleet_identity'
import { LatencyHistogram } from '#tracking/simulator/latency_histogram'

test.group('Simulator identities', () => {
  test('vehicle k has IMEI first + k, as 15 digits', ({ assert }) => {
    assert.equal(imeiFor('860000000000000', 0), '860000000000000')
    assert.equal(imeiFor('860000000000000', 42), '860000000000042')
    assert.equal(imeiFor('7', 3), '000000000000010')
    assert.equal(imeiFor('860000000000999', 1), '860000000001000')
    assert.throws(() => imeiFor('999999999999999', 1), /more than 15 digits/)
    assert.throws(() => imeiFor('86x', 1), /digits/)
    assert.throws(() => imeiFor('1234567890123456', 0), /digits/)
  })

  test('plates: Istanbul style for even k, Estonian for odd k, all different', ({ assert }) => {
    assert.match(plateFor(0), /^34 [A-Z]{3} \d{3}$/)
    assert.match(plateFor(1), /^\d{3} [A-Z]{3}$/)
    assert.match(plateFor(2024), /^34 [A-Z]{3} \d{3}$/)
    const plates = new Set(Array.from({ length: 20_000 }, (_, k) => plateFor(k)))
    assert.equal(plates.size, 20_000)
  })

  test('even vehicles drive in Istanbul, odd ones in Tallinn', ({ assert }) => {
    assert.equal(routeFor(0).city, 'istanbul')
    assert.equal(routeFor(1).city, 'tallinn')
    assert.notEqual(routeFor(0).id, routeFor(2).id)
  })

  test('latency histogram percentiles within 2 %', ({ assert }) => {
    const histogram = new LatencyHistogram()
    for (let ms = 1; ms <= 1000; ms++) histogram.record(ms)
    const summary = histogram.summary()
    assert.equal(summary.count, 1000)
    assert.closeTo(summary.p50, 500, 10)
    assert.closeTo(summary.p99, 990, 20)
    assert.equal(summary.max, 1000)
    assert.closeTo(summary.mean, 500.5, 1e-9)
    histogram.reset()
    assert.equal(histogram.percentile(0.5), 0)
  })
})
