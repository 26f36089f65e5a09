import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { PeriodError, resolvePeriod, type PeriodInput } from '#reports/engine/period'

const ZONE = 'Europe/Istanbul'
// Wednesday 2026-03-04 01:30 in Istanbul is still Tuesday 22:30 UTC.
const NOW = DateTime.fromISO('2026-03-03T22:30:00Z')

function local(input: PeriodInput, zone = ZONE) {
  const { from, to } = resolvePeriod(input, NOW, zone)
  return [from.toISO(), to.toISO()]
}

test.group('Report periods', () => {
  test('today and yesterday are the local days, not the UTC ones', ({ assert }) => {
    assert.deepEqual(local({ period: 'today' }), [
      '2026-03-04T00:00:00.000+03:00',
      '2026-03-05T00:00:00.000+03:00',
    ])
    assert.deepEqual(local({ period: 'yesterday' }), [
      '2026-03-03T00:00:00.000+03:00',
      '2026-03-04T00:00:00.000+03:00',
    ])
    assert.deepEqual(local({ period: 'today' }, 'UTC'), [
      '2026-03-03T00:00:00.000Z',
      '2026-03-04T00:00:00.000Z',
    ])
  })

  test('weeks start on Monday', ({ assert }) => {
    assert.deepEqual(local({ period: 'this_week' }), [
      '2026-03-02T00:00:00.000+03:00',
      '2026-03-09T00:00:00.000+03:00',
    ])
    assert.deepEqual(local({ period: 'last_week' }), [
      '2026-02-23T00:00:00.000+03:00',
      '2026-03-02T00:00:00.000+03:00',
    ])
  })

  test('months are whole calendar months, across the year boundary too', ({ assert }) => {
    assert.deepEqual(local({ period: 'this_month' }), [
      '2026-03-01T00:00:00.000+03:00',
      '2026-04-01T00:00:00.000+03:00',
    ])
    assert.deepEqual(local({ period: 'last_month' }), [
      '2026-02-01T00:00:00.000+03:00',
      '2026-03-01T00:00:00.000+03:00',
    ])
    const january = DateTime.fromISO('2026-01-15T12:00:00Z')
    const { from, to } = resolvePeriod({ period: 'last_month' }, january, ZONE)
    assert.equal(from.toISODate(), '2025-12-01')
    assert.equal(to.toISODate(), '2026-01-01')
  })

  test('a daylight-saving day keeps its local midnights', ({ assert }) => {
    // Berlin moves to summer time on 2026-03-29: that day has 23 hours.
    const now = DateTime.fromISO('2026-03-29T12:00:00Z')
    const { from, to } = resolvePeriod({ period: 'today' }, now, 'Europe/Berlin')
    assert.equal(from.toISO(), '2026-03-29T00:00:00.000+01:00')
    assert.equal(to.toISO(), '2026-03-30T00:00:00.000+02:00')
    assert.equal(to.diff(from, 'hours').hours, 23)
  })

  test('a custom period includes the whole last day, or runs to the given time', ({ assert }) => {
    assert.deepEqual(local({ period: 'custom', from: '2026-02-10', to: '2026-02-12' }), [
      '2026-02-10T00:00:00.000+03:00',
      '2026-02-13T00:00:00.000+03:00',
    ])
    assert.deepEqual(
      local({ period: 'custom', from: '2026-02-10T08:00', to: '2026-02-10T17:30' }),
      ['2026-02-10T08:00:00.000+03:00', '2026-02-10T17:30:00.000+03:00']
    )
  })

  test('a custom period needs both ends, valid dates, in order', ({ assert }) => {
    const failure = (input: PeriodInput) => {
      try {
        resolvePeriod(input, NOW, ZONE)
      } catch (error) {
        assert.instanceOf(error, PeriodError)
        return (error as PeriodError).key
      }
      return null
    }
    assert.equal(failure({ period: 'custom', from: '2026-02-10' }), 'period_custom_required')
    assert.equal(
      failure({ period: 'custom', from: '2026-02-31', to: '2026-03-01' }),
      'period_invalid'
    )
    assert.equal(
      failure({ period: 'custom', from: '2026-02-12', to: '2026-02-10' }),
      'period_reversed'
    )
    assert.isNull(failure({ period: 'custom', from: '2026-02-10', to: '2026-02-10' }))
  })
})
