import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { lastDueAt, isDue } from '#services/reports/schedule_times'
import { parseRecipients } from '#validators/reports/schedule_validators'
import { parseUserDate, presetDays } from '#shared/date_ranges'
import { formatPeriod, formatReportValue } from '#shared/report_values'
import { reportCellType } from '#reports/engine/exporters/spreadsheet'
import { defineReport, periodParameters } from '#reports/engine/definition'
import { describeParameters, normalizeInput } from '#reports/engine/inputs'

const ZONE = 'Europe/Istanbul'

test.group('Scheduled report times', () => {
  test('daily, weekly and monthly run times in the schedule’s time zone', ({ assert }) => {
    // Wednesday 2026-03-04 06:30 in Istanbul.
    const now = DateTime.fromISO('2026-03-04T06:30', { zone: ZONE })
    const at = (timing: Parameters<typeof lastDueAt>[0]) =>
      lastDueAt(timing, now).setZone(ZONE).toFormat("yyyy-MM-dd'T'HH:mm")
    const base = { weekday: null, monthDay: null, timezone: ZONE }
    assert.equal(at({ ...base, frequency: 'daily', hour: 6 }), '2026-03-04T06:00')
    assert.equal(at({ ...base, frequency: 'daily', hour: 7 }), '2026-03-03T07:00')
    assert.equal(at({ ...base, frequency: 'weekly', weekday: 3, hour: 6 }), '2026-03-04T06:00')
    assert.equal(at({ ...base, frequency: 'weekly', weekday: 3, hour: 8 }), '2026-02-25T08:00')
    assert.equal(at({ ...base, frequency: 'weekly', weekday: 1, hour: 9 }), '2026-03-02T09:00')
    assert.equal(at({ ...base, frequency: 'monthly', monthDay: 4, hour: 6 }), '2026-03-04T06:00')
    // Day 31 of February is its last day.
    assert.equal(at({ ...base, frequency: 'monthly', monthDay: 31, hour: 6 }), '2026-02-28T06:00')

    const timing = { ...base, frequency: 'daily' as const, hour: 6 }
    const created = DateTime.fromISO('2026-03-03T20:00', { zone: ZONE })
    assert.isTrue(isDue({ ...timing, createdAt: created, lastRunAt: null }, now))
    assert.isFalse(isDue({ ...timing, createdAt: now, lastRunAt: null }, now))
    assert.isFalse(
      isDue({ ...timing, createdAt: created, lastRunAt: now.minus({ minutes: 20 }) }, now)
    )
  })

  test('recipients are e-mail addresses separated by commas, spaces or semicolons', ({
    assert,
  }) => {
    assert.deepEqual(parseRecipients('A@x.com; b@y.org, a@x.com'), ['a@x.com', 'b@y.org'])
    assert.isNull(parseRecipients('a@x.com, nope'))
    assert.isNull(parseRecipients(' , '))
  })
})

test.group('Period picker ranges', () => {
  test('quick ranges follow the user’s calendar, not UTC', ({ assert }) => {
    // 2026-03-31 22:30 UTC is already 1 April in Istanbul (a Wednesday).
    const now = Date.parse('2026-03-31T22:30:00Z')
    assert.deepEqual(presetDays('today', ZONE, now), ['2026-04-01', '2026-04-01'])
    assert.deepEqual(presetDays('yesterday', ZONE, now), ['2026-03-31', '2026-03-31'])
    assert.deepEqual(presetDays('last_7_days', ZONE, now), ['2026-03-26', '2026-04-01'])
    assert.deepEqual(presetDays('this_week', ZONE, now), ['2026-03-30', '2026-04-05'])
    assert.deepEqual(presetDays('last_week', ZONE, now), ['2026-03-23', '2026-03-29'])
    assert.deepEqual(presetDays('this_month', ZONE, now), ['2026-04-01', '2026-04-30'])
    assert.deepEqual(presetDays('last_month', ZONE, now), ['2026-03-01', '2026-03-31'])
    assert.deepEqual(presetDays('today', 'UTC', now), ['2026-03-31', '2026-03-31'])
  })

  test('dates are typed in the user’s format', ({ assert }) => {
    assert.equal(parseUserDate('31.03.2026', 'dd.MM.yyyy'), '2026-03-31')
    assert.equal(parseUserDate('3/1/2026', 'MM/dd/yyyy'), '2026-03-01')
    assert.equal(parseUserDate('2026-03-01', 'yyyy-MM-dd'), '2026-03-01')
    assert.isNull(parseUserDate('31/02/2026', 'dd/MM/yyyy'))
    assert.isNull(parseUserDate('2026-03-01', 'dd.MM.yyyy'))
  })

  test('periods and values read in the user’s format and language', ({ assert }) => {
    const preferences = { timezone: ZONE, dateFormat: 'dd.MM.yyyy' }
    assert.equal(
      formatPeriod('2026-03-01T00:00:00+03:00', '2026-04-01T00:00:00+03:00', preferences),
      '01.03.2026 – 31.03.2026'
    )
    assert.equal(
      formatPeriod('2026-03-01T00:00:00+03:00', '2026-03-02T00:00:00+03:00', preferences),
      '01.03.2026'
    )
    const context = { locale: 'tr', preferences, reportKey: 'x', t: (key: string) => key }
    assert.equal(
      formatReportValue({ name: 'd', kind: 'number', unit: 'duration' }, 3900, context),
      '1 sa 05 dk'
    )
    assert.equal(
      formatReportValue({ name: 'd', kind: 'number', unit: 'km' }, 1234.5, context),
      '1.234,5 km'
    )
    // Amounts carry their currency (issue 25 point 5), in the page's language.
    const amount = { name: 'cost', kind: 'number', currency: 'TRY' } as const
    assert.equal(formatReportValue(amount, 1234.5, context), '₺1.234,50')
    assert.equal(formatReportValue(amount, 1234.5, { ...context, locale: 'en' }), '₺1,234.50')
    assert.equal(reportCellType(amount), 'money')
    assert.equal(reportCellType({ name: 'd', kind: 'number', unit: 'duration' }), 'duration')
  })
})

test.group('Report parameters from the Vine schema', () => {
  test('scope parameters and the report’s own inputs are read from any definition', ({
    assert,
  }) => {
    const report = defineReport({
      slug: 'trip-summary',
      group: 'trips_activity',
      key: 'probe',
      parameters: vine.create({
        ...periodParameters(),
        deviceIds: vine.array(vine.number()).optional(),
        groupId: vine.number().optional(),
        threshold: vine.number().min(10).max(250).optional(),
        codes: vine.array(vine.enum(['A101', 'A102'])).optional(),
        engineOn: vine.boolean().optional(),
      }),
      inputs: { threshold: { unit: 'km/h', step: 5 } },
      columns: {},
      rows: () => {
        throw new Error('not run')
      },
    })
    const described = describeParameters(report as never)
    assert.deepEqual(described.scope, ['deviceIds', 'groupId'])
    const byName = Object.fromEntries(described.inputs.map((input) => [input.name, input]))
    assert.deepInclude(byName.threshold, {
      kind: 'number',
      min: 10,
      max: 250,
      unit: 'km/h',
      step: 5,
    })
    assert.deepInclude(byName.codes, { kind: 'enum', multiple: true, options: ['A101', 'A102'] })
    assert.deepInclude(byName.engineOn, { kind: 'boolean', multiple: false })
    assert.deepEqual(
      normalizeInput(
        { period: 'today', deviceIds: '3,4', groupId: '', codes: 'A101', other: 'x', page: '2' },
        described
      ),
      { period: 'today', deviceIds: ['3', '4'], codes: ['A101'] }
    )
  })
})
