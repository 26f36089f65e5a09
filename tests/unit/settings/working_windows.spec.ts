import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { workingWindows, type WorkingHours } from '#services/settings/working_hours'
import { previousPeriod } from '#reports/definitions/utilisation'

const zone = 'Europe/Istanbul'
const at = (iso: string) => DateTime.fromISO(iso, { zone })
const text = (windows: { start: DateTime; end: DateTime }[]) =>
  windows.map(
    (window) => `${window.start.toFormat('ccc HH:mm')}-${window.end.toFormat('ccc HH:mm')}`
  )

test.group('workingWindows', () => {
  test('without saved hours: Monday to Friday 08:00–18:00, cut at the period', ({ assert }) => {
    // 2026-11-23 is a Monday; the period ends on Wednesday at noon.
    assert.deepEqual(
      text(workingWindows(null, at('2026-11-22T00:00'), at('2026-11-25T12:00'), zone)),
      ['Mon 08:00-Mon 18:00', 'Tue 08:00-Tue 18:00', 'Wed 08:00-Wed 12:00']
    )
    assert.deepEqual(workingWindows(null, at('2026-11-28T00:00'), at('2026-11-30T00:00'), zone), [])
  })

  test('saved hours, a night shift running past midnight into the period', ({ assert }) => {
    const hours: WorkingHours = {
      mon: null,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: { from: '09:00', to: '13:00' },
      sun: { from: '22:00', to: '06:00' },
    }
    assert.deepEqual(
      text(workingWindows(hours, at('2026-11-23T00:00'), at('2026-11-30T12:00'), zone)),
      [
        // Sunday 22 November's shift runs into Monday the 23rd.
        'Mon 00:00-Mon 06:00',
        'Sat 09:00-Sat 13:00',
        'Sun 22:00-Mon 06:00',
      ]
    )
  })
})

test.group('previousPeriod', () => {
  test('whole months go back by months, anything else by its length', ({ assert }) => {
    const iso = (period: { from: DateTime; to: DateTime }) => [
      period.from.toISODate(),
      period.to.toISODate(),
    ]
    assert.deepEqual(iso(previousPeriod(at('2026-03-01'), at('2026-04-01'))), [
      '2026-02-01',
      '2026-03-01',
    ])
    assert.deepEqual(iso(previousPeriod(at('2026-03-01'), at('2026-06-01'))), [
      '2025-12-01',
      '2026-03-01',
    ])
    assert.deepEqual(iso(previousPeriod(at('2026-11-23'), at('2026-11-30'))), [
      '2026-11-16',
      '2026-11-23',
    ])
    assert.deepEqual(iso(previousPeriod(at('2026-11-27'), at('2026-11-28'))), [
      '2026-11-26',
      '2026-11-27',
    ])
  })
})
