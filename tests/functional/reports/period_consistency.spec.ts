import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { telematicsReports } from '#reports/telematics_reports'
import type { ReportContext, ReportRow } from '#reports/engine/definition'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { samplesOf, storeHistory, type Segment } from '#tests/functional/reports/report_history'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-04-15T12:00:00', { zone: ZONE })
const STEP = 120

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Four days of driving (29 March to 1 April, one sample every 2 minutes): parkings of 20 min
 * to 5 h, some with the engine idling, drives of 15 min to 2 h at 30–110 km/h, and a drive
 * from 31 March 23:40 to 1 April 00:30 across the month end.
 */
function history(seed: number) {
  const next = random(seed)
  const start = DateTime.fromISO('2026-03-29T00:00', { zone: ZONE })
  const end = DateTime.fromISO('2026-04-02T00:00', { zone: ZONE })
  const monthEnd = DateTime.fromISO('2026-04-01T00:00', { zone: ZONE })
  const total = end.diff(start, 'seconds').seconds / STEP
  const speeds: { speed: number; ignition: boolean }[] = []
  while (speeds.length < total) {
    const parked = Math.round((20 + next() * 280) / 2)
    const idling = next() < 0.4 ? Math.round((next() * 10) / 2) : 0
    for (let i = 0; i < parked; i++) speeds.push({ speed: 0, ignition: i >= parked - idling })
    const driving = Math.round((15 + next() * 105) / 2)
    const speed = 30 + Math.round(next() * 80)
    for (let i = 0; i < driving; i++) {
      speeds.push({ speed: speed + Math.round(next() * 10) - 5, ignition: true })
    }
  }
  const segments: Segment[] = speeds.slice(0, total).map((sample, index) => {
    const time = start.plus({ seconds: index * STEP })
    const acrossMonthEnd =
      time >= monthEnd.minus({ minutes: 20 }) && time < monthEnd.plus({ minutes: 30 })
    const beforeIt =
      time >= monthEnd.minus({ minutes: 30 }) && time < monthEnd.minus({ minutes: 20 })
    if (acrossMonthEnd) return { samples: 1, speed: 50, ignition: true }
    if (beforeIt) return { samples: 1, speed: 0, ignition: false }
    return { samples: 1, ...sample }
  })
  return samplesOf(start, segments, { step: STEP, odometer: 50_000 + seed * 1000 })
}

/** Decimetres, so sums are compared as integers. */
const dm = (km: unknown) => Math.round(Number(km) * 10_000)

async function rowsOf(slug: string, params: Record<string, unknown>, context: ReportContext) {
  const result = await telematicsReports[slug].run(params, context)
  const rows: ReportRow[] = []
  for await (const row of result.stream(500)) rows.push(row)
  return { rows, totals: result.totals }
}

function perVehicle(rows: ReportRow[], field: string) {
  const sums = new Map<string, number>()
  for (const row of rows) {
    const vehicle = String(row.vehicle)
    sums.set(vehicle, (sums.get(vehicle) ?? 0) + dm(row[field]))
  }
  return sums
}

test.group('Period consistency', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('days add up to the month, and the trips of the month are the union of its days', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const context: ReportContext = { companyId: company.id, timezone: ZONE, now: NOW }
    for (const [index, name] of ['Alpha', 'Bravo'].entries()) {
      const vehicle = await createVehicle(company, { name, average_consumption: 8 })
      await storeHistory(vehicle, company.id, history(index + 1))
    }

    const month = { period: 'last_month' }
    const monthTrips = await rowsOf('trip-summary', month, context)
    const monthDistance = await rowsOf('total-distance-covered', month, context)
    const monthSummary = await rowsOf('device-summaries', month, context)
    const monthDaily = await rowsOf('device-summaries-daily', month, context)

    // The history really crosses midnights and the month end.
    const crossings = monthTrips.rows.filter(
      (row) => String(row.startTime).slice(0, 10) !== String(row.endTime).slice(0, 10)
    )
    assert.isAtLeast(crossings.length, 2)
    assert.isTrue(
      monthTrips.rows.some(
        (row) =>
          String(row.startTime).startsWith('2026-03-31') &&
          String(row.endTime).startsWith('2026-04-01')
      ),
      'a trip runs from 31 March into 1 April'
    )

    const dayTrips = new Set<string>()
    let dayTripCount = 0
    const dayDistances: ReportRow[] = []
    const dayDailySummaries: ReportRow[] = []
    let day = DateTime.fromISO('2026-03-01', { zone: ZONE })
    while (day.month === 3) {
      const params = { period: 'custom', from: day.toISODate(), to: day.toISODate() }
      const trips = await rowsOf('trip-summary', params, context)
      for (const row of trips.rows) {
        assert.equal(String(row.startTime).slice(0, 10), day.toISODate())
        dayTrips.add(`${row.vehicle} ${row.startTime}`)
      }
      dayTripCount += trips.rows.length
      dayDistances.push(...(await rowsOf('total-distance-covered', params, context)).rows)
      const summary = await rowsOf('device-summaries', params, context)
      dayDailySummaries.push(...summary.rows)
      day = day.plus({ days: 1 })
    }

    // Trips: the month's are exactly the union of its days', none counted twice.
    assert.equal(dayTripCount, monthTrips.rows.length)
    assert.deepEqual(
      [...dayTrips].sort(),
      monthTrips.rows.map((row) => `${row.vehicle} ${row.startTime}`).sort()
    )

    // Distance: per vehicle, the days of March add up to March exactly (to the decimetre).
    const monthByVehicle = perVehicle(monthSummary.rows, 'distance')
    assert.deepEqual(perVehicle(dayDistances, 'distance'), monthByVehicle)
    assert.deepEqual(perVehicle(dayDailySummaries, 'distance'), monthByVehicle)
    assert.deepEqual(perVehicle(monthDistance.rows, 'distance'), monthByVehicle)
    assert.deepEqual(perVehicle(monthDaily.rows, 'distance'), monthByVehicle)
    assert.equal(
      dm(monthDistance.totals.distance),
      [...monthByVehicle.values()].reduce((sum, value) => sum + value, 0)
    )
    for (const distance of monthByVehicle.values()) assert.isAbove(distance, 0)

    // Fuel follows the distance: the days' estimates add up to the month's.
    const fuel = (rows: ReportRow[]) =>
      Math.round(rows.reduce((sum, row) => sum + Number(row.fuel) * 100, 0))
    assert.closeTo(fuel(dayDailySummaries), fuel(monthSummary.rows), dayDailySummaries.length)
  })
})
