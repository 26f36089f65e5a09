import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { dayBoundaries } from '#reports/telematics'
import { resolvePeriod } from '#reports/engine/period'

test.group('Report day boundaries', () => {
  test('local midnights of the period, with its ends, across a DST change', ({ assert }) => {
    const zone = 'Europe/Berlin'
    const now = DateTime.fromISO('2026-04-10T12:00', { zone })
    const period = resolvePeriod(
      { period: 'custom', from: '2026-03-28', to: '2026-03-30' },
      now,
      zone
    )
    const boundaries = dayBoundaries(period)
    assert.deepEqual(
      boundaries.map((boundary) => boundary.toISO()),
      [
        '2026-03-28T00:00:00.000+01:00',
        '2026-03-29T00:00:00.000+01:00',
        '2026-03-30T00:00:00.000+02:00',
        '2026-03-31T00:00:00.000+02:00',
      ]
    )
    // 29 March has 23 hours there.
    assert.equal(boundaries[2].diff(boundaries[1], 'hours').hours, 23)
  })

  test('a period with times starts and ends at them', ({ assert }) => {
    const zone = 'Europe/Istanbul'
    const now = DateTime.fromISO('2026-04-10T12:00', { zone })
    const period = resolvePeriod(
      { period: 'custom', from: '2026-03-02T08:00', to: '2026-03-03T18:30' },
      now,
      zone
    )
    assert.deepEqual(
      dayBoundaries(period).map((boundary) => boundary.toISO()),
      [
        '2026-03-02T08:00:00.000+03:00',
        '2026-03-03T00:00:00.000+03:00',
        '2026-03-03T18:30:00.000+03:00',
      ]
    )
  })
})
