import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  defaultWorkingHours,
  isOutsideWorkingHours,
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
