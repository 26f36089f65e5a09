import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { telematicsReports } from '#reports/telematics_reports'
import type { ReportContext } from '#reports/engine/definition'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import i18nManager from '@adonisjs/i18n/services/main'
import Building from '#models/building'
import { geoNamesTowns } from '#services/geocoder/towns'
import { formatPlace, parseCoordinates } from '#services/geocoder/reverse_geocoder'
import {
  addDriver,
  addEventAt,
  assignDriver,
  place,
  samplesOf,
  storeHistory,
  type Sample,
} from '#tests/functional/reports/report_history'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-03-10T12:00:00', { zone: ZONE })
const D1 = '2026-03-02'
const D2 = '2026-03-03'
const TWO_DAYS = { period: 'custom', from: D1, to: D2 }

/**
 * The fixed history (Istanbul time, one sample a minute, limit 90 km/h, 10 l/100 km, 1.2 l/h):
 * - 23:00–23:39 (2 March) parked, engine off;
 * - 23:40–00:19 trip A across midnight: 30 min at 60 km/h, 3 min at 120 (over the limit),
 *   7 min at 60: 43 km, 19 of them before midnight; ends at 00:20 (3 March);
 * - parked 00:20–00:45: engine on standing 00:30–00:34 (4 min: no idle) and 00:40–00:46
 *   (6 min: an idle, 0.12 l);
 * - 00:46–00:55 trip B: 10 min at 60 km/h (10 km); parked from 00:56.
 * Events: CONNECTION 23:00, 105 A 00:10, A101 00:11, 105 F 00:13, A112 00:25 (parked).
 */
async function fixedHistory() {
  const { company } = await createMember()
  const other = await createMember()
  const van = await createVehicle(company, {
    name: 'Van',
    plate: '34 VAN 1',
    speed_limit: 90,
    average_consumption: 10,
    idle_consumption: 1.2,
  })
  await createVehicle(company, { name: 'Truck', plate: '34 TR 2' })
  const foreign = await createVehicle(other.company, { name: 'Foreign', speed_limit: 50 })
  const driver = await addDriver(company.id, 'Ayşe Yılmaz')
  const foreignDriver = await addDriver(other.company.id, 'Foreign Driver')
  await assignDriver(company.id, van.id, driver, DateTime.fromISO(`${D1}T00:00`, { zone: ZONE }))
  await assignDriver(
    other.company.id,
    foreign.id,
    foreignDriver,
    DateTime.fromISO(`${D1}T00:00`, { zone: ZONE })
  )

  const start = DateTime.fromISO(`${D1}T23:00`, { zone: ZONE })
  const samples = samplesOf(start, [
    { samples: 40, speed: 0, ignition: false },
    { samples: 30, speed: 60, ignition: true },
    { samples: 3, speed: 120, ignition: true },
    { samples: 7, speed: 60, ignition: true },
    { samples: 10, speed: 0, ignition: false },
    { samples: 4, speed: 0, ignition: true },
    { samples: 6, speed: 0, ignition: false },
    { samples: 6, speed: 0, ignition: true },
    { samples: 10, speed: 60, ignition: true },
    { samples: 10, speed: 0, ignition: false },
  ])
  const at = (time: string) =>
    samples.find((sample) => sample.time.toFormat('HH:mm') === time && sample.time >= start)!
  await storeHistory(van, company.id, samples)
  // The depot where the day starts names the first parking and the first event.
  await Building.create({
    companyId: company.id,
    name: 'Van depot',
    latitude: samples[0].latitude,
    longitude: samples[0].longitude,
  })
  await addEventAt(van, company.id, at('23:00'), 'CONNECTION')
  await addEventAt(van, company.id, at('00:10'), '105', 'A')
  await addEventAt(van, company.id, at('00:11'), 'A101')
  await addEventAt(van, company.id, at('00:13'), '105', 'F')
  // An impact while parked: the vehicle's alarm, in no driver's trip.
  await addEventAt(van, company.id, at('00:25'), 'A112')

  // The other company: the same hours, driving fast; none of it may show.
  const theirs = samplesOf(start, [
    { samples: 10, speed: 0, ignition: true },
    { samples: 30, speed: 100, ignition: true },
    { samples: 10, speed: 0, ignition: true },
  ])
  await storeHistory(foreign, other.company.id, theirs)
  await addEventAt(foreign, other.company.id, theirs[12], 'A102')

  const context: ReportContext = { companyId: company.id, timezone: ZONE, now: NOW }
  return { company, other, van, foreign, driver, samples, at, context }
}

const iso = (sample: Sample) => sample.time.setZone(ZONE).toISO()

const english = i18nManager.locale('en')
/** The nearest GeoNames town of a sample, as the reports name places outside the company's own. */
const named = (sample: Sample) => {
  const point = parseCoordinates(place(sample))!
  const town = geoNamesTowns().nearest(point.latitude, point.longitude)
  // No town within 100 km (out at sea): the coordinates stand.
  if (!town) return place(sample)
  return formatPlace({ kind: 'town', ...town }, 'en', (key, values) =>
    english.t(key, values as any)
  )
}

/** A run, its rows without the hidden vehicle id (asserted once, in the trip summary test). */
async function run(slug: string, params: Record<string, unknown>, context: ReportContext) {
  const result = await telematicsReports[slug].run(params, context, { perPage: 100 })
  const withIds = result.page.rows
  result.page.rows = withIds.map(({ deviceId: _deviceId, ...row }) => row)
  return Object.assign(result, { withIds })
}

test.group('Telematics reports on a fixed history', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('trip summary: each trip, its places, driver and fuel; totals and distance per day', async ({
    assert,
  }) => {
    const { at, context, van } = await fixedHistory()
    const result = await run('trip-summary', TWO_DAYS, context)
    // Each row knows its vehicle, for the link to its history playback.
    assert.deepEqual(
      result.withIds.map((row) => row.deviceId),
      [van.id, van.id]
    )
    // A place reads as the company's building, or a town with distance and direction.
    assert.equal(result.page.rows[0].startPlace, 'Van depot')
    assert.match(String(result.page.rows[0].endPlace), /^\d+ km [NESW]{1,2} of \p{L}/u)
    assert.deepEqual(result.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        driver: 'Ayşe Yılmaz',
        startTime: iso(at('23:40')),
        startPlace: 'Van depot',
        startCoordinates: place(at('23:40')),
        endTime: iso(at('00:20')),
        endPlace: named(at('00:20')),
        endCoordinates: place(at('00:20')),
        distance: 43,
        duration: 2400,
        idleDuration: 0,
        maxSpeed: 120,
        averageSpeed: 64.5,
        fuel: 4.3,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        driver: 'Ayşe Yılmaz',
        startTime: iso(at('00:46')),
        startPlace: named(at('00:46')),
        startCoordinates: place(at('00:46')),
        endTime: iso(at('00:56')),
        endPlace: named(at('00:56')),
        endCoordinates: place(at('00:56')),
        distance: 10,
        duration: 600,
        idleDuration: 0,
        maxSpeed: 60,
        averageSpeed: 60,
        fuel: 1,
      },
    ])
    assert.deepEqual(result.totals, {
      trips: 2,
      distance: 53,
      duration: 3000,
      idleDuration: 0,
      maxSpeed: 120,
      fuel: 5.3,
    })
    // The trip across midnight belongs to the day it started.
    assert.deepEqual(result.chart, {
      type: 'bar',
      labels: [D1, D2],
      series: [{ name: 'distance', data: [43, 10] }],
    })
    const secondDay = await run('trip-summary', { period: 'custom', from: D2, to: D2 }, context)
    assert.deepEqual(
      secondDay.page.rows.map((row) => row.startTime),
      [iso(at('00:46'))]
    )
  })

  test('parking duration and idle times', async ({ assert }) => {
    const { at, samples, context } = await fixedHistory()
    const parkings = await run('parking-duration', TWO_DAYS, context)
    assert.deepEqual(parkings.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        place: 'Van depot',
        coordinates: place(samples[0]),
        startTime: iso(samples[0]),
        endTime: iso(at('23:40')),
        duration: 2400,
        engineOnDuration: 0,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        place: named(at('00:20')),
        coordinates: place(at('00:20')),
        startTime: iso(at('00:20')),
        endTime: iso(at('00:46')),
        duration: 1560,
        engineOnDuration: 600,
      },
    ])
    assert.deepEqual(parkings.totals, { stops: 2, duration: 3960, engineOnDuration: 600 })
    const long = await run('parking-duration', { ...TWO_DAYS, minMinutes: 30 }, context)
    assert.equal(long.page.meta.total, 1)

    // The 4-minute standstill is no idle; the 6-minute one is, at 1.2 l/h.
    const idles = await run('idle-times', TWO_DAYS, context)
    assert.deepEqual(idles.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        place: named(at('00:40')),
        coordinates: place(at('00:40')),
        startTime: iso(at('00:40')),
        endTime: iso(at('00:46')),
        duration: 360,
        fuel: 0.12,
      },
    ])
    assert.deepEqual(idles.totals, { idles: 1, duration: 360, fuel: 0.12 })
    assert.deepEqual(idles.chart?.series, [{ name: 'minutes', data: [6] }])
  })

  test('a vehicle with no position in the period: its odometer at every boundary, no distance', async ({
    assert,
  }) => {
    const { company, van, context } = await fixedHistory()
    // Reports probe such a vehicle once instead of at every boundary (odometerAtBoundariesSql):
    // the figures must be those of the probes. Before the history: the first odometer after it
    // (100 km); after it: the last one (153 km); a correction inside the empty days adds nothing.
    await db.table('odometer_corrections').insert({
      company_id: company.id,
      device_id: van.id,
      effective_at: DateTime.fromISO('2026-03-06T10:00', { zone: ZONE }).toJSDate(),
      odometer_km: 140,
      previous_odometer_m: 153_000,
      offset_m: -13_000,
      generation: 1,
    })
    const figures = async (from: string, to: string) => {
      const daily = await run('device-summaries-daily', { period: 'custom', from, to }, context)
      const whole = await run('device-summaries', { period: 'custom', from, to }, context)
      const distance = await run('total-distance-covered', { period: 'custom', from, to }, context)
      return {
        daily: daily.page.rows.length,
        whole: whole.page.rows.map((row) => [row.vehicle, row.distance, row.trips]),
        distance: distance.page.rows.length,
        totals: whole.totals.distance,
      }
    }
    const empty = {
      daily: 0,
      whole: [
        ['Truck', 0, 0],
        ['Van', 0, 0],
      ],
      distance: 0,
      totals: 0,
    }
    assert.deepEqual(await figures('2026-02-25', '2026-02-28'), empty)
    assert.deepEqual(await figures('2026-03-05', '2026-03-08'), empty)

    // The odometers themselves, per day, as the vehicle-day rows read them.
    const { vehicleDaysSql } = await import('#reports/vehicle_days')
    const { resolvePeriod } = await import('#reports/engine/period')
    const odometers = async (from: string, to: string) => {
      const period = resolvePeriod({ period: 'custom', from, to } as any, NOW, ZONE)
      const { sql, bindings } = vehicleDaysSql(
        { params: { deviceId: van.id } as any, period, context, client: db.connection() },
        false
      )
      const result = await db.rawQuery(`SELECT * FROM (${sql}) r ORDER BY day`, bindings)
      return result.rows.map((row: Record<string, unknown>) => [
        row.day,
        Number(row.startOdometer),
        Number(row.endOdometer),
        Number(row.distance),
      ])
    }
    assert.deepEqual(await odometers('2026-02-27', '2026-02-28'), [
      ['2026-02-27', 100, 100, 0],
      ['2026-02-28', 100, 100, 0],
    ])
    assert.deepEqual(await odometers('2026-03-05', '2026-03-06'), [
      ['2026-03-05', 153, 153, 0],
      ['2026-03-06', 153, 153, 0],
    ])
    // A period the history is in: every boundary probed (the vehicle has positions in it).
    assert.deepEqual(await odometers('2026-03-01', '2026-03-04'), [
      ['2026-03-01', 100, 100, 0],
      ['2026-03-02', 100, 119, 19],
      ['2026-03-03', 119, 153, 34],
      ['2026-03-04', 153, 153, 0],
    ])
  })

  test('distance and travel time per vehicle and day', async ({ assert }) => {
    const { context } = await fixedHistory()
    const distance = await run('total-distance-covered', TWO_DAYS, context)
    // Odometer at the boundaries: 100 km at the first position, 119 km before midnight.
    assert.deepEqual(distance.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D1,
        startOdometer: 100,
        endOdometer: 119,
        distance: 19,
        distanceSource: 'gps',
        trips: 1,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D2,
        startOdometer: 119,
        endOdometer: 153,
        distance: 34,
        distanceSource: 'gps',
        trips: 1,
      },
    ])
    assert.deepEqual(distance.totals, { rows: 2, distance: 53, trips: 2 })

    const travel = await run('total-travel-time', TWO_DAYS, context)
    assert.deepEqual(travel.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D1,
        trips: 1,
        driving: 2400,
        tripDistance: 43,
        averageSpeed: 64.5,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D2,
        trips: 1,
        driving: 600,
        tripDistance: 10,
        averageSpeed: 60,
      },
    ])
    assert.deepEqual(travel.totals, { rows: 2, trips: 2, driving: 3000, tripDistance: 53 })
    assert.deepEqual(travel.chart?.series, [{ name: 'driving', data: [0.67, 0.17] }])
  })

  test('maximum speeds and high-speed duration', async ({ assert }) => {
    const { at, context } = await fixedHistory()
    const speeds = await run('maximum-speeds-reached', TWO_DAYS, context)
    assert.deepEqual(speeds.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D1,
        maxSpeed: 120,
        time: iso(at('00:10')),
        place: named(at('00:10')),
        coordinates: place(at('00:10')),
        speedLimit: 90,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D2,
        maxSpeed: 60,
        time: iso(at('00:46')),
        place: named(at('00:46')),
        coordinates: place(at('00:46')),
        speedLimit: 90,
      },
    ])
    assert.deepEqual(speeds.totals, { rows: 2, maxSpeed: 120 })

    // Above the vehicle's own limit (90): the 3 minutes at 120 km/h, 6 km.
    const overLimit = await run('high-speed-duration', TWO_DAYS, context)
    assert.deepEqual(overLimit.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        day: D1,
        limit: 90,
        duration: 180,
        distance: 6,
        trips: 1,
        maxSpeed: 120,
      },
    ])
    assert.deepEqual(overLimit.totals, { rows: 1, duration: 180, distance: 6 })

    // Above a chosen 50 km/h: every driven minute of both trips.
    const above50 = await run('high-speed-duration', { ...TWO_DAYS, threshold: 50 }, context)
    assert.deepEqual(
      above50.page.rows.map((row) => [row.day, row.limit, row.duration, row.distance]),
      [
        [D1, 50, 2400, 43],
        [D2, 50, 600, 10],
      ]
    )
    const above120 = await run('high-speed-duration', { ...TWO_DAYS, threshold: 120 }, context)
    assert.equal(above120.page.meta.total, 0)
  })

  test('all alarms, filtered by code', async ({ assert }) => {
    const { at, samples, context } = await fixedHistory()
    const alarms = await run('all-alarms', TWO_DAYS, context)
    assert.deepEqual(
      alarms.page.rows.map((row) => [row.time, row.code, row.state, row.place, row.coordinates]),
      [
        [iso(samples[0]), 'CONNECTION', null, 'Van depot', place(samples[0])],
        [iso(at('00:10')), '105', 'A', named(at('00:10')), place(at('00:10'))],
        [iso(at('00:11')), 'A101', null, named(at('00:11')), place(at('00:11'))],
        [iso(at('00:13')), '105', 'F', named(at('00:13')), place(at('00:13'))],
        [iso(at('00:25')), 'A112', null, named(at('00:25')), place(at('00:25'))],
      ]
    )
    assert.deepEqual(alarms.totals, { events: 5 })
    const harsh = await run('all-alarms', { ...TWO_DAYS, code: ['A101'] }, context)
    assert.deepEqual(
      harsh.page.rows.map((row) => row.code),
      ['A101']
    )
    // Several codes at once (the page's multi-select).
    const two = await run('all-alarms', { ...TWO_DAYS, code: ['A101', 'A112'] }, context)
    assert.sameMembers(
      two.page.rows.map((row) => row.code),
      ['A101', 'A112']
    )
  })

  test('device summaries for the period and per day, driver summaries', async ({ assert }) => {
    const { context } = await fixedHistory()
    const summaries = await run('device-summaries', TWO_DAYS, context)
    assert.deepEqual(summaries.page.rows, [
      {
        vehicle: 'Truck',
        plate: '34 TR 2',
        distance: 0,
        trips: 0,
        driving: 0,
        idle: 0,
        parked: 0,
        maxSpeed: 0,
        averageSpeed: 0,
        alarms: 0,
        fuel: 0,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        distance: 53,
        trips: 2,
        driving: 3000,
        idle: 360,
        parked: 3960,
        maxSpeed: 120,
        averageSpeed: 63.6,
        alarms: 3,
        fuel: 5.42,
      },
    ])
    assert.deepEqual(summaries.chart?.labels, ['Van', 'Truck'])

    const daily = await run('device-summaries-daily', TWO_DAYS, context)
    assert.deepEqual(
      daily.page.rows.map((row) => [
        row.day,
        row.vehicle,
        row.distance,
        row.trips,
        row.driving,
        row.idle,
        row.parked,
        row.maxSpeed,
        row.averageSpeed,
        row.alarms,
        row.fuel,
      ]),
      [
        [D1, 'Van', 19, 1, 2400, 0, 2400, 120, 64.5, 0, 1.9],
        [D2, 'Van', 34, 1, 600, 360, 1560, 60, 60, 3, 3.52],
      ]
    )
    assert.deepEqual(daily.totals, {
      rows: 2,
      distance: 53,
      trips: 2,
      driving: 3000,
      idle: 360,
      parked: 3960,
      maxSpeed: 120,
      alarms: 3,
      fuel: 5.42,
    })

    const drivers = await run('driver-summaries', TWO_DAYS, context)
    assert.deepEqual(drivers.page.rows, [
      {
        driver: 'Ayşe Yılmaz',
        trips: 2,
        vehicles: 1,
        distance: 53,
        driving: 3000,
        idle: 0,
        maxSpeed: 120,
        averageSpeed: 63.6,
        overLimit: 180,
        alarms: 2,
        fuel: 5.3,
      },
    ])
    assert.deepEqual(drivers.chart, {
      type: 'bar',
      labels: ['Ayşe Yılmaz'],
      series: [{ name: 'distance', data: [53] }],
    })
  })

  test("another company's rows never appear, and its ids filter nothing in", async ({ assert }) => {
    const { context, foreign, other } = await fixedHistory()
    for (const [slug, report] of Object.entries(telematicsReports)) {
      const mine = await report.run(TWO_DAYS, context, { perPage: 500 })
      for (const row of mine.page.rows) {
        assert.notEqual(row.vehicle, 'Foreign', slug)
        assert.notEqual(row.driver, 'Foreign Driver', slug)
      }
      const filtered = await report.run({ ...TWO_DAYS, deviceId: foreign.id }, context)
      assert.equal(filtered.page.meta.total, 0, slug)
      const listed = await report.run({ ...TWO_DAYS, deviceIds: [foreign.id] }, context)
      assert.equal(listed.page.meta.total, 0, slug)
    }
    // Their own report does show their vehicle.
    const theirs = await run('device-summaries', TWO_DAYS, {
      companyId: other.company.id,
      timezone: ZONE,
      now: NOW,
    })
    assert.deepEqual(
      theirs.page.rows.map((row) => row.vehicle),
      ['Foreign']
    )
    assert.equal(theirs.page.rows[0].maxSpeed, 100)
  })

  test('bad parameters are refused by the validators', async ({ assert }) => {
    const context: ReportContext = { companyId: 1, timezone: ZONE, now: NOW }
    const refused = async (slug: string, params: Record<string, unknown>, field: string) => {
      try {
        await telematicsReports[slug].run(params, context)
        assert.fail(`${slug} accepted ${JSON.stringify(params)}`)
      } catch (error) {
        assert.instanceOf(error, vineErrors.E_VALIDATION_ERROR, slug)
        const messages = (error as InstanceType<typeof vineErrors.E_VALIDATION_ERROR>).messages
        assert.equal(messages[0].field, field, slug)
      }
    }
    for (const slug of Object.keys(telematicsReports)) {
      await refused(slug, { period: 'forever' }, 'period')
      await refused(slug, { period: 'today', deviceId: 'abc' }, 'deviceId')
      await refused(slug, { period: 'today', deviceId: 2_147_483_648 }, 'deviceId')
      await refused(slug, { period: 'today', deviceIds: ['x'] }, 'deviceIds.0')
      await refused(slug, { period: 'today', groupId: -1 }, 'groupId')
    }
    await refused('high-speed-duration', { period: 'today', threshold: 93 }, 'threshold')
    await refused('high-speed-duration', { period: 'today', threshold: 500 }, 'threshold')
    await refused('all-alarms', { period: 'today', code: ['DROP'] }, 'code.0')
    await refused('parking-duration', { period: 'today', minMinutes: -5 }, 'minMinutes')
    await refused('driver-summaries', { period: 'today', driverId: 0 }, 'driverId')
    await refused('trip-summary', { period: 'today', driverId: 1.5 }, 'driverId')
  })
})
