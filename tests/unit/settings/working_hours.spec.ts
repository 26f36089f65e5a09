import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  defaultWorkingHours,
  isOutsideWorkingHours,
  isSpanOutsideWorkingHours,
  outOfHoursEvent,
  type WorkingHours,
} from '#services/settings/working_hours'

const zone = 'Europe/Istanbul'
const at = (iso: string) => DateTime.fromISO(iso, { zone })

test.group('isOutsideWorkingHours', () => {
  test('inside and outside a weekday, a day off, in the company time zone', ({ assert }) => {
    // 2026-11-23 is a Monday.
    assert.isFalse(isOutsideWorkingHours(defaultWorkingHours, at('2026-11-23T08:00'), zone))
    assert.isFalse(isOutsideWorkingHours(defaultWorkingHours, at('2026-11-23T17:59'), zone))
    assert.isTrue(isOutsideWorkingHours(defaultWorkingHours, at('2026-11-23T18:00'), zone))
    assert.isTrue(isOutsideWorkingHours(defaultWorkingHours, at('2026-11-23T07:59'), zone))
    assert.isTrue(isOutsideWorkingHours(defaultWorkingHours, at('2026-11-28T12:00'), zone))
    // 05:30 UTC is 08:30 in Istanbul: inside; the same instant read in UTC is outside.
    const instant = new Date('2026-11-23T05:30:00Z')
    assert.isFalse(isOutsideWorkingHours(defaultWorkingHours, instant, zone))
    assert.isTrue(isOutsideWorkingHours(defaultWorkingHours, instant, 'UTC'))
  })

  test('a shift past midnight belongs to the day it starts', ({ assert }) => {
    const hours: WorkingHours = { ...defaultWorkingHours, fri: { from: '22:00', to: '06:00' } }
    assert.isFalse(isOutsideWorkingHours(hours, at('2026-11-27T23:00'), zone))
    assert.isFalse(isOutsideWorkingHours(hours, at('2026-11-28T05:59'), zone))
    assert.isTrue(isOutsideWorkingHours(hours, at('2026-11-28T06:00'), zone))
    assert.isTrue(isOutsideWorkingHours(hours, at('2026-11-27T12:00'), zone))
  })

  test('no working hours set: nothing is outside', ({ assert }) => {
    assert.isFalse(isOutsideWorkingHours(null, at('2026-11-29T03:00'), zone))
  })
})

test.group('isSpanOutsideWorkingHours', () => {
  test('a trip inside the hours, one running past the end, one crossing a day off', ({
    assert,
  }) => {
    const span = (from: string, to: string) =>
      isSpanOutsideWorkingHours(defaultWorkingHours, at(from), at(to), zone)
    assert.isFalse(span('2026-11-23T09:00', '2026-11-23T17:30'))
    assert.isTrue(span('2026-11-23T17:30', '2026-11-23T18:30'))
    assert.isTrue(span('2026-11-23T07:30', '2026-11-23T08:30'))
    assert.isTrue(span('2026-11-27T16:00', '2026-11-30T09:00'))
    assert.isFalse(
      isSpanOutsideWorkingHours(null, at('2026-11-29T01:00'), at('2026-11-29T02:00'), zone)
    )
    const night: WorkingHours = { ...defaultWorkingHours, mon: { from: '22:00', to: '06:00' } }
    assert.isFalse(
      isSpanOutsideWorkingHours(night, at('2026-11-23T23:00'), at('2026-11-24T05:00'), zone)
    )
    assert.isTrue(
      isSpanOutsideWorkingHours(night, at('2026-11-23T23:00'), at('2026-11-24T07:00'), zone)
    )
  })
})

test.group('outOfHoursEvent', () => {
  test('A once when driving outside the hours begins, F once when it ends', ({ assert }) => {
    let outside = false
    const codes: (string | null)[] = []
    for (const [time, moving] of [
      ['2026-11-23T17:50', true],
      ['2026-11-23T18:05', true],
      ['2026-11-23T18:10', true],
      ['2026-11-23T18:20', false],
      ['2026-11-23T18:30', false],
      ['2026-11-24T07:55', true],
      ['2026-11-24T08:05', true],
    ] as const) {
      const result = outOfHoursEvent(defaultWorkingHours, zone, outside, {
        fixTime: at(time),
        moving,
      })
      outside = result.outside
      codes.push(result.event ? `${result.event.code}:${result.event.state}` : null)
    }
    assert.deepEqual(codes, [
      null,
      'OUT_OF_HOURS:A',
      null,
      'OUT_OF_HOURS:F',
      null,
      'OUT_OF_HOURS:A',
      'OUT_OF_HOURS:F',
    ])
    assert.isNull(
      outOfHoursEvent(null, zone, false, { fixTime: at('2026-11-29T03:00'), moving: true }).event
    )
  })
})
