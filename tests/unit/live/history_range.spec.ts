import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { resolveHistoryRange } from '#services/live/history_range'

const ZONE = 'Europe/Istanbul'
// 01:30 in Istanbul on 22 November: still 21 November in UTC.
const now = DateTime.fromISO('2026-11-21T22:30:00Z', { zone: 'utc' })

test.group('History range', () => {
  test('defaults to yesterday in the user time zone', ({ assert }) => {
    const range = resolveHistoryRange({}, ZONE, now)
    assert.equal(range.from.toISO(), '2026-11-21T00:00:00.000+03:00')
    assert.equal(range.to.toISO(), '2026-11-22T00:00:00.000+03:00')
    assert.deepEqual(range.input, { from: '2026-11-21T00:00', to: '2026-11-21T23:59' })
    assert.isNull(range.error)
  })

  test('a date means the whole day; a date-time is inclusive to the minute', ({ assert }) => {
    const days = resolveHistoryRange({ from: '2026-11-01', to: '2026-11-03' }, ZONE, now)
    assert.equal(days.from.toISO(), '2026-11-01T00:00:00.000+03:00')
    assert.equal(days.to.toISO(), '2026-11-04T00:00:00.000+03:00')

    const minutes = resolveHistoryRange(
      { from: '2026-11-01T08:15', to: '2026-11-01T09:30' },
      ZONE,
      now
    )
    assert.equal(minutes.from.toUTC().toISO(), '2026-11-01T05:15:00.000Z')
    assert.equal(minutes.to.toUTC().toISO(), '2026-11-01T06:31:00.000Z')
    assert.deepEqual(minutes.input, { from: '2026-11-01T08:15', to: '2026-11-01T09:30' })

    const fromOnly = resolveHistoryRange({ from: '2026-11-05T10:00' }, ZONE, now)
    assert.equal(fromOnly.to.toISO(), '2026-11-06T00:00:00.000+03:00')
  })

  test('refuses ranges over 31 days, inverted ranges and unreadable dates', ({ assert }) => {
    assert.isNull(resolveHistoryRange({ from: '2026-10-01', to: '2026-10-31' }, ZONE, now).error)
    assert.equal(
      resolveHistoryRange({ from: '2026-10-01', to: '2026-11-01' }, ZONE, now).error,
      'too_long'
    )
    assert.equal(
      resolveHistoryRange({ from: '2026-11-02', to: '2026-11-01' }, ZONE, now).error,
      'inverted'
    )
    const invalid = resolveHistoryRange({ from: '2026-13-45' }, ZONE, now)
    assert.equal(invalid.error, 'invalid')
    assert.equal(invalid.input.from, '2026-11-21T00:00')
  })
})
