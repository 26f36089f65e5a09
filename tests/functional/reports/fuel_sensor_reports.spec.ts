import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import {
  fuelConsumptionsDailyReport,
  fuelConsumptionsReport,
  fuelEventsReport,
  tripsFuelConsumptionReport,
  vehicleFuelConsumptionReport,
} from '#reports/definitions/fuel_reports'
import { driverBehaviorReport } from '#reports/definitions/driver_behavior_report'
import {
  batteryReport,
  telematicsReport,
  temperatureReport,
} from '#reports/definitions/sensor_reports'
import { reportsBySlug } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import {
  addEvent,
  createVehicle,
  ensurePositionPartitions,
} from '#tests/functional/live/live_fixtures'
import type Company from '#models/company'
import i18nManager from '@adonisjs/i18n/services/main'
import { rebuildSensorRollups } from '#actions/tracking/rebuild_sensor_rollups'

const ZONE = 'Europe/Istanbul'
const NOW = DateTime.fromISO('2026-03-10T12:00:00', { zone: ZONE })
const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE })
const D1 = '2026-03-04'
const D2 = '2026-03-05'
const DAY_ONE = { period: 'custom', from: D1, to: D1 }
const TWO_DAYS = { period: 'custom', from: D1, to: D2 }

type Vehicle = { id: number }

async function addPositions(
  vehicle: Vehicle,
  company: Pick<Company, 'id'>,
  readings: { time: DateTime; speed: number; attributes: Record<string, unknown> }[]
) {
  await ensurePositionPartitions(readings[0].time, readings[readings.length - 1].time)
  await db.table('positions').multiInsert(
    readings.map((reading, index) => ({
      device_id: vehicle.id,
      company_id: company.id,
      fix_time: reading.time.toJSDate(),
      server_time: reading.time.toJSDate(),
      latitude: 41 + index * 0.001,
      longitude: 29 + index * 0.001,
      speed: reading.speed,
      course: 90,
      altitude: 50,
      satellites: 10,
      valid: true,
      attributes: JSON.stringify(reading.attributes),
    }))
  )
  // The reports read the hourly rollups that ingest writes; build them from these positions.
  await rebuildSensorRollups(
    vehicle.id,
    readings[0].time.toJSDate(),
    readings[readings.length - 1].time.toJSDate()
  )
}

async function addTrip(
  vehicle: Vehicle,
  company: Pick<Company, 'id'>,
  trip: { start: DateTime; duration: number; distance: number; idle: number; driverId?: number }
) {
  await db.table('trips').insert({
    company_id: company.id,
    device_id: vehicle.id,
    driver_id: trip.driverId ?? null,
    start_time: trip.start.toJSDate(),
    end_time: trip.start.plus({ seconds: trip.duration }).toJSDate(),
    start_latitude: 41,
    start_longitude: 29,
    end_latitude: 41.1,
    end_longitude: 29.1,
    distance: trip.distance,
    max_speed: 100,
    average_speed: 50,
    duration: trip.duration,
    idle_duration: trip.idle,
    start_odometer: 0,
    end_odometer: trip.distance,
  })
}

/**
 * The fixed history. Van (10 l/100 km, 2 l/h idle, tank 60 l, fuel level sensor) on D1:
 * trip 08:00–09:00 (50 km, 6 min idle) and 14:00–14:30 (20 km), both by Ali; a stop with 4 min
 * of engine-on idling; a refuel 35 → 60 l at 10:01–10:02, a drop 60 → 48 l at 12:01–12:02
 * (standing), sensor noise of ±0.5 l; a fuel log entry of 40 l at 45.00 (1800.00);
 * harsh events, a 6-minute over-speed, battery states and a Dallas temperature sensor.
 * Truck (12 l/100 km, CAN fuel counter) on D2: one 30 km trip, counter 1000 → 1005 l.
 */
async function history() {
  const { company, user } = await createMember()
  const [ali] = await db
    .table('drivers')
    .insert({ company_id: company.id, name: 'Ali', status: 'active', created_at: new Date() })
    .returning('id')
  const van = await createVehicle(company, {
    name: 'Van',
    plate: '34 VAN 1',
    average_consumption: 10,
    idle_consumption: 2,
    tank_capacity: 60,
    speed_limit: 90,
  })
  const truck = await createVehicle(company, {
    name: 'Truck',
    plate: '34 TRK 2',
    average_consumption: 12,
    idle_consumption: 3,
  })

  await addTrip(van, company, {
    start: at(D1, '08:00'),
    duration: 3600,
    distance: 50_000,
    idle: 360,
    driverId: ali.id,
  })
  await addTrip(van, company, {
    start: at(D1, '14:00'),
    duration: 1800,
    distance: 20_000,
    idle: 0,
    driverId: ali.id,
  })
  await db.table('stops').insert({
    company_id: company.id,
    device_id: van.id,
    start_time: at(D1, '09:00').toJSDate(),
    end_time: at(D1, '14:00').toJSDate(),
    latitude: 41,
    longitude: 29,
    duration: 5 * 3600,
    engine_on_duration: 240,
  })
  const level = (
    time: string,
    speed: number,
    fuel: number,
    extra: Record<string, unknown> = {}
  ) => ({
    time: at(D1, time),
    speed,
    attributes: { ignition: speed > 0, fuel, ...extra },
  })
  await addPositions(van, company, [
    level('08:00', 50, 40, { power: 14.1 }),
    level('08:30', 60, 37.5, { power: 14.3 }),
    level('08:59', 40, 35),
    level('10:00', 0, 35, { temperatures: { dallas1: 5 } }),
    level('10:01', 0, 50, { temperatures: { dallas1: 9 } }),
    level('10:02', 0, 60, { temperatures: { dallas1: 6 } }),
    level('12:00', 0, 60, { temperatures: { dallas1: 1 } }),
    level('12:01', 0, 52, { temperatures: { dallas1: 4 } }),
    level('12:02', 0, 48),
    level('12:30', 0, 48.5),
    level('13:00', 0, 48),
    level('14:00', 40, 48),
    level('14:29', 30, 46),
    level('23:00', 0, 46, { power: 11.8, driverUniqueId: '00000A1B2C3D4E5F' }),
  ])
  await db.table('fuel_entries').insert({
    company_id: company.id,
    device_id: van.id,
    driver_id: ali.id,
    entry_date: D1,
    litres: 40,
    unit_price_cents: 4500,
    total_cents: 180_000,
    voucher_no: 'F-1',
    total_km: 120_070,
    created_at: new Date(),
  })
  await db.table('fuel_entries').insert({
    company_id: company.id,
    device_id: van.id,
    entry_date: D1,
    litres: 10,
    total_km: 120_000,
    created_at: new Date(),
  })

  for (const [code, time, state] of [
    ['A101', '08:10', null],
    ['A102', '08:20', null],
    ['105', '08:30', 'A'],
    ['105', '08:36', 'F'],
    ['A102', '08:40', null],
    ['A101', '11:00', null], // standing, outside every trip: not counted
    ['A103', '14:10', null],
  ] as const) {
    await addEvent(van, company, { code, state, time: at(D1, time) })
  }
  for (const [code, time, power] of [
    ['HSO', '07:50', 12.6],
    ['HSR', '08:00', 14.1],
    ['LVS', '23:00', 11.8],
  ] as const) {
    await db.table('events').insert({
      company_id: company.id,
      device_id: van.id,
      event_time: at(D1, time).toJSDate(),
      code,
      latitude: 41,
      longitude: 29,
      attributes: JSON.stringify({ power }),
    })
  }

  await addTrip(truck, company, {
    start: at(D2, '01:00'),
    duration: 3600,
    distance: 30_000,
    idle: 0,
  })
  await addPositions(truck, company, [
    { time: at(D2, '01:00'), speed: 40, attributes: { fuelUsed: 1000 } },
    { time: at(D2, '01:30'), speed: 70, attributes: { fuelUsed: 1002.5 } },
    { time: at(D2, '02:00'), speed: 30, attributes: { fuelUsed: 1005 } },
  ])

  // Another company's vehicle on the same day: never in this company's reports.
  const other = await createMember()
  const foreign = await createVehicle(other.company, { name: 'Foreign', average_consumption: 8 })
  await addTrip(foreign, other.company, {
    start: at(D1, '09:00'),
    duration: 600,
    distance: 10_000,
    idle: 0,
  })
  await addPositions(foreign, other.company, [
    { time: at(D1, '09:00'), speed: 0, attributes: { fuel: 20, temperatures: { dallas1: 30 } } },
    { time: at(D1, '09:05'), speed: 0, attributes: { fuel: 50, temperatures: { dallas1: 30 } } },
  ])
  await addEvent(foreign, other.company, { code: 'A101', time: at(D1, '09:01') })

  return { company, user, van, truck, foreign, ali, other }
}

test.group('Fuel, behaviour and sensor reports on a fixed history', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('fuel-consumptions: estimate, tracker (level, refuels, drops) and fuel log side by side', async ({
    assert,
  }) => {
    const { company, foreign } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await fuelConsumptionsReport.run(TWO_DAYS, context)
    assert.equal(run.page.meta.total, 2)
    const [truck, van] = run.page.rows
    assert.deepEqual(van, {
      vehicle: 'Van',
      plate: '34 VAN 1',
      distance: 70,
      drivingTime: 5040,
      idleTime: 600,
      // 70 km × 10 l/100 km + 600 s × 2 l/h
      estimatedLitres: 7.3,
      estimatedPer100: 10.48,
      // level 40 → 46, + 25 refuelled − 12 dropped
      trackerLitres: 7,
      trackerPer100: 10,
      refuels: 1,
      refuelledLitres: 25,
      drops: 1,
      droppedLitres: 12,
      loggedLitres: 50,
      // 40 l and 10 l entered the same day, each checked against the 25 l refuel the level
      // sensor saw: neither matches within 20 %
      flaggedFillUps: 2,
      fuelSensor: null,
      cost: 1800,
      costPer100: 2571.43,
      mismatch: 'log_refuels',
    })
    assert.deepInclude(truck, {
      vehicle: 'Truck',
      distance: 30,
      estimatedLitres: 3.6,
      // the CAN counter: 1000 → 1005 l
      trackerLitres: 5,
      trackerPer100: 16.67,
      refuels: 0,
      loggedLitres: 0,
      flaggedFillUps: 0,
      // only the CAN fuel-used counter: a refuel cannot be seen
      fuelSensor: 'counter_only',
      cost: null,
      mismatch: 'tracker_estimate',
    })
    assert.deepInclude(run.totals, {
      distance: 100,
      estimatedLitres: 10.9,
      trackerLitres: 12,
      refuels: 1,
      refuelledLitres: 25,
      drops: 1,
      droppedLitres: 12,
      loggedLitres: 50,
      flaggedFillUps: 2,
      cost: 1800,
      flagged: 2,
    })
    assert.deepEqual(run.chart?.labels, ['Truck', 'Van'])

    // A looser tolerance flags nothing on the truck; another company's vehicle finds nothing.
    const loose = await fuelConsumptionsReport.run({ ...TWO_DAYS, tolerance: 50 }, context)
    assert.isNull(loose.page.rows[0].mismatch)
    // Within 50 %, the 40 l fill-up matches the 25 l refuel; the 10 l one still does not.
    assert.equal(loose.page.rows[1].flaggedFillUps, 1)
    const t = (locale: string) =>
      i18nManager.locale(locale).t('reports.fuel_consumptions.values.fuelSensor.counter_only')
    assert.equal(t('en'), 'Fuel-used counter only: refuels cannot be seen')
    assert.equal(t('tr'), 'Yalnızca tüketilen yakıt sayacı: dolumlar görülemez')
    const foreignRun = await fuelConsumptionsReport.run(
      { ...TWO_DAYS, deviceId: foreign.id },
      context
    )
    assert.equal(foreignRun.page.meta.total, 0)
  })

  test('the fuel log shows each fill-up checked against the refuel seen and the tank', async ({
    client,
    assert,
  }) => {
    const { user, company, van, truck } = await history()
    const entry = (device: Vehicle, day: string, litres: number, voucher: string) => ({
      company_id: company.id,
      device_id: device.id,
      entry_date: day,
      litres,
      voucher_no: voucher,
      created_at: new Date(),
    })
    await db
      .table('fuel_entries')
      .multiInsert([
        entry(van, D1, 24, 'MATCH'),
        entry(van, D1, 70, 'TANK'),
        entry(truck, D2, 30, 'COUNTER'),
      ])
    const response = await client
      .get('/backend/fleet/fuel-log/data?fields=voucher_no,litres,fill_up_check&perPage=50')
      .loginAs(user)
    response.assertStatus(200)
    const checks = Object.fromEntries(
      response
        .body()
        .data.map((row: { voucher_no: string | null; litres: number; fill_up_check: string }) => [
          row.voucher_no ?? `${row.litres} l`,
          row.fill_up_check,
        ])
    )
    assert.deepEqual(checks, {
      // the 25 l refuel the level showed on D1
      'MATCH': 'matched',
      // 70 l into a 60 l tank
      'TANK': 'over_tank',
      // 40 l and 10 l against 25 l
      'F-1': 'litres_differ',
      '10.00 l': 'litres_differ',
      // the truck's tracker sends only a fuel-used counter
      'COUNTER': 'not_visible',
    })
  })

  test('fuel-consumptions-daily: one row per vehicle and local day', async ({ assert }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await fuelConsumptionsDailyReport.run(TWO_DAYS, context)
    assert.deepEqual(
      run.page.rows.map((row) => [
        row.day,
        row.vehicle,
        row.estimatedLitres,
        row.trackerLitres,
        row.flaggedFillUps,
        row.mismatch,
      ]),
      [
        [D1, 'Van', 7.3, 7, 2, 'log_refuels'],
        [D2, 'Truck', 3.6, 5, 0, 'tracker_estimate'],
      ]
    )
    assert.deepEqual(run.chart?.labels, [D1, D2])
    assert.equal(run.totals.trackerLitres, 12)
  })

  test('trips-fuel-consumption-report: litres, l/100 km and cost of each trip', async ({
    assert,
  }) => {
    const { company, ali } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await tripsFuelConsumptionReport.run(TWO_DAYS, context)
    assert.deepEqual(
      run.page.rows.map((row) => [
        row.vehicle,
        row.driver,
        row.estimatedLitres,
        row.trackerLitres,
        row.litresPer100,
        row.cost,
        row.mismatch,
      ]),
      [
        ['Van', 'Ali', 5.2, 5, 10, 225, false],
        ['Van', 'Ali', 2, 2, 10, 90, false],
        ['Truck', null, 3.6, 5, 16.67, null, true],
      ]
    )
    assert.deepEqual(run.totals, { trips: 3, distance: 100, estimatedLitres: 10.8 })
    const byDriver = await tripsFuelConsumptionReport.run(
      { ...TWO_DAYS, driverId: ali.id },
      context
    )
    assert.equal(byDriver.page.meta.total, 2)
  })

  test('vehicle-fuel-consumption-report: the fuel log reconciled per vehicle', async ({
    assert,
  }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await vehicleFuelConsumptionReport.run(DAY_ONE, context)
    assert.deepEqual(run.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        tankCapacity: 60,
        entries: 2,
        loggedLitres: 50,
        cost: 1800,
        averageUnitPrice: 45,
        logKm: 70,
        distance: 70,
        litresPer100: 71.43,
        costPer100: 2571.43,
        refuelledLitres: 25,
        difference: 25,
        overTank: 0,
        mismatch: 'log_refuels',
      },
    ])
    assert.deepEqual(run.totals, { entries: 2, loggedLitres: 50, cost: 1800 })
  })

  test('fuel-events: refuels and drops found in the level, beside the fuel log', async ({
    assert,
  }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await fuelEventsReport.run(TWO_DAYS, context)
    assert.deepEqual(
      run.page.rows.map((row) => [
        row.kind,
        row.startTime,
        row.endTime,
        row.litres,
        row.levelBefore,
        row.levelAfter,
        row.loggedLitres,
      ]),
      [
        ['refuel', at(D1, '10:01').toISO(), at(D1, '10:02').toISO(), 25, 35, 60, 50],
        ['drop', at(D1, '12:01').toISO(), at(D1, '12:02').toISO(), 12, 60, 48, null],
      ]
    )
    assert.deepEqual(run.totals, { refuels: 1, refuelledLitres: 25, drops: 1, droppedLitres: 12 })
    const drops = await fuelEventsReport.run({ ...TWO_DAYS, kind: 'drop' }, context)
    assert.equal(drops.page.meta.total, 1)
    // A bigger minimum leaves the 12 l drop out.
    const big = await fuelEventsReport.run({ ...TWO_DAYS, minChange: 15 }, context)
    assert.deepEqual(
      big.page.rows.map((row) => row.kind),
      ['refuel']
    )
  })

  test('driver-behavior: events per 100 km, time over the limit, the score and its breakdown', async ({
    assert,
  }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await driverBehaviorReport.run(TWO_DAYS, context)
    assert.deepEqual(run.page.rows, [
      {
        driver: 'Ali',
        vehicle: null,
        attribution: null,
        trips: 2,
        distance: 70,
        drivingTime: 5040,
        acceleration: 1,
        braking: 2,
        cornering: 1,
        road: 0,
        impacts: 0,
        // 4 events in 70 km
        harshPer100: 5.71,
        overspeedTime: 360,
        // 360 s of 5040 s driving
        overspeedShare: 7.14,
        harshPenalty: 5.71,
        speedingPenalty: 7.14,
        // 100 − 5.714 − 7.143
        score: 87.1,
      },
      // The trip nobody drove by name: apart, last, labelled, never scored or ranked.
      {
        driver: null,
        vehicle: null,
        attribution: 'unattributed',
        trips: 1,
        distance: 30,
        drivingTime: 3600,
        acceleration: 0,
        braking: 0,
        cornering: 0,
        road: 0,
        impacts: 0,
        harshPer100: 0,
        overspeedTime: 0,
        overspeedShare: 0,
        harshPenalty: 0,
        speedingPenalty: 0,
        score: null,
      },
    ])
    assert.deepEqual(run.totals, { trips: 3, distance: 100, harshEvents: 4, overspeedTime: 360 })

    const byVehicle = await driverBehaviorReport.run(
      { ...TWO_DAYS, groupBy: 'vehicle', minDistanceKm: 40 },
      context
    )
    assert.deepEqual(
      byVehicle.page.rows.map((row) => [row.vehicle, row.score]),
      [
        ['Van', 87.1],
        // 30 km is below the 40 km minimum: no score
        ['Truck', null],
      ]
    )
    // The ranking chart: the scored rows, best first, titled by the grouping, legend "Score".
    assert.deepEqual(run.chart, {
      type: 'bar',
      title: 'ranking',
      labels: ['Ali'],
      series: [{ name: 'score', data: [87.1] }],
    })
    const ranked = await driverBehaviorReport.run({ ...TWO_DAYS, groupBy: 'vehicle' }, context)
    assert.deepEqual(ranked.chart, {
      type: 'bar',
      title: 'vehicleRanking',
      // The truck's 30 km without an event score 100: first.
      labels: ['Truck', 'Van'],
      series: [{ name: 'score', data: [100, 87.1] }],
    })
    const chartTitle = (locale: string, key: string) =>
      i18nManager.locale(locale).t(`reports.driver_behavior.chart.${key}`)
    assert.equal(chartTitle('en', 'ranking'), 'Driver ranking by score')
    assert.equal(chartTitle('tr', 'ranking'), 'Puana göre sürücü sıralaması')
    assert.equal(chartTitle('tr', 'vehicleRanking'), 'Puana göre araç sıralaması')
    const t = (locale: string) =>
      i18nManager.locale(locale).t('reports.driver_behavior.values.attribution.unattributed')
    assert.equal(t('en'), 'Unattributed trips (no driver)')
    assert.equal(t('tr'), 'Sürücüsü belirsiz seferler (sürücü yok)')
  })

  test('battery-reports: state changes with voltage and duration, counts, a voltage chart', async ({
    assert,
  }) => {
    const { company, van } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await batteryReport.run({ ...DAY_ONE, deviceId: van.id }, context)
    assert.deepEqual(
      run.page.rows.map((row) => [row.code, row.voltage, row.duration]),
      [
        ['HSO', 12.6, 600],
        ['HSR', 14.1, 15 * 3600],
        ['LVS', 11.8, 3600],
      ]
    )
    assert.deepInclude(run.totals, { events: 3, HSO: 1, HSR: 1, LVS: 1, NOV: 0 })
    assert.deepEqual(run.chart, {
      type: 'line',
      labels: [`${D1} 08:00`, `${D1} 23:00`],
      series: [{ name: 'voltage', data: [14.2, 11.8] }],
    })
    const low = await batteryReport.run({ ...DAY_ONE, code: 'LVS' }, context)
    assert.equal(low.page.meta.total, 1)
    // The fleet: state changes per day and state.
    const fleet = await batteryReport.run(DAY_ONE, context)
    assert.equal(fleet.chart?.type, 'bar')
    assert.deepEqual(fleet.chart?.labels, [D1])
    assert.deepInclude(fleet.chart?.series, { name: 'HSR', data: [1] })
    assert.deepInclude(fleet.chart?.series, { name: 'INV', data: [0] })
  })

  test('telematics-data: positions with their sensor values', async ({ assert }) => {
    const { company, van } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await telematicsReport.run({ ...DAY_ONE, deviceId: van.id }, context, {
      page: 2,
      perPage: 10,
    })
    assert.equal(run.page.meta.total, 14)
    assert.deepInclude(run.page.rows[3], {
      vehicle: 'Van',
      time: at(D1, '23:00').toISO(),
      ignition: false,
      fuel: 46,
      power: 11.8,
      driverCard: '00000A1B2C3D4E5F',
    })
    const first = await telematicsReport.run({ ...DAY_ONE, deviceId: van.id }, context, {
      perPage: 4,
    })
    assert.equal(first.page.rows[3].temperatures, 'dallas1 5 °C')
    assert.deepEqual(run.totals, { positions: 14, vehicles: 1 })
  })

  test('temperature-reports: min, max, average and time out of the chosen range', async ({
    assert,
  }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const run = await temperatureReport.run(DAY_ONE, context)
    assert.deepEqual(run.page.rows, [
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        sensor: 'dallas1',
        readings: 5,
        minimum: 1,
        maximum: 9,
        average: 5,
        timeBelow: 60,
        timeAbove: 60,
        timeOutside: 120,
      },
    ])
    assert.deepEqual(run.totals, { readings: 5, minimum: 1, maximum: 9, timeOutside: 120 })
    const wide = await temperatureReport.run({ ...DAY_ONE, min: 0, max: 10 }, context)
    assert.equal(wide.page.rows[0].timeOutside, 0)
  })

  test('every report of this brief is registered and refuses bad parameters', async ({
    assert,
  }) => {
    const context = { companyId: 1, timezone: ZONE, now: NOW }
    for (const slug of [
      'fuel-consumptions',
      'fuel-consumptions-daily',
      'trips-fuel-consumption-report',
      'vehicle-fuel-consumption-report',
      'fuel-events',
      'driver-behavior',
      'battery-reports',
      'telematics-data',
      'temperature-reports',
    ]) {
      const report = reportsBySlug[slug]
      assert.exists(report, slug)
      await assert.rejects(
        () => report.run({ period: 'custom', from: D1, to: D2, deviceId: -3 }, context),
        vineErrors.E_VALIDATION_ERROR as any
      )
    }
    await assert.rejects(
      () => driverBehaviorReport.run({ period: 'today', groupBy: 'planet' }, context),
      vineErrors.E_VALIDATION_ERROR as any
    )
    await assert.rejects(
      () => fuelConsumptionsReport.run({ period: 'today', tolerance: 0 }, context),
      vineErrors.E_VALIDATION_ERROR as any
    )
  })

  test('every column and total has its text in English and Turkish', async ({ assert }) => {
    const { company } = await history()
    const context = { companyId: company.id, timezone: ZONE, now: NOW }
    const reports = [
      fuelConsumptionsReport,
      fuelConsumptionsDailyReport,
      tripsFuelConsumptionReport,
      vehicleFuelConsumptionReport,
      fuelEventsReport,
      driverBehaviorReport,
      batteryReport,
      telematicsReport,
      temperatureReport,
    ] as const
    for (const locale of ['en', 'tr']) {
      const messages = i18nManager.getTranslationsFor(locale)
      for (const report of reports) {
        const prefix = `reports.${report.key}`
        assert.isString(messages[`${prefix}.title`], `${locale} ${prefix}.title`)
        for (const [column, spec] of Object.entries(report.columns)) {
          assert.isString(messages[`${prefix}.columns.${column}`], `${locale} ${prefix} ${column}`)
          for (const value of spec.enumValues ?? [])
            assert.isString(messages[`${prefix}.values.${column}.${value}`], `${locale} ${value}`)
        }
        const run = await (report as any).run(TWO_DAYS, context)
        for (const total of Object.keys(run.totals))
          assert.isString(
            messages[`${prefix}.totals.${total}`] ?? messages[`${prefix}.counts.${total}`],
            `${locale} ${prefix} total ${total}`
          )
      }
    }
    assert.notEqual(
      i18nManager.locale('tr').t('reports.fuel_events.title'),
      i18nManager.locale('en').t('reports.fuel_events.title')
    )
  })
})
