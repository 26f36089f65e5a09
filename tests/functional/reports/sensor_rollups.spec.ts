import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { BatchWriter } from '#tracking/pipeline/batch_writer'
import { enrich, type DeviceContext } from '#tracking/pipeline/enrich'
import { initialLiveState } from '#tracking/pipeline/live_state'
import { SensorRollup, initialSensorState, rollUp } from '#tracking/pipeline/sensor_rollup'
import { createIngestPool } from '#tracking/server/pg_pool'
import { trackingSettings } from '#tracking/tracking_settings'
import type { Position } from '#tracking/position'
import { rebuildSensorRollups } from '#actions/tracking/rebuild_sensor_rollups'
import {
  fuelConsumptionsDailyReport,
  fuelConsumptionsReport,
  fuelEventsReport,
} from '#reports/definitions/fuel_reports'
import { temperatureReport } from '#reports/definitions/sensor_reports'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, ensurePositionPartitions } from '#tests/functional/live/live_fixtures'

const D1 = '2026-03-04'
const D2 = '2026-03-05'

/** Two days and a bit of a van: driving, standing, refuels, drops, noise, two temperature sensors. */
function positions(imei: string, from: DateTime, to: DateTime): Position[] {
  let seed = 7
  const random = () => {
    seed = (seed * 48271) % 2147483647
    return seed / 2147483647
  }
  const result: Position[] = []
  let fuel = 40
  let index = 0
  for (
    let time = from.toMillis();
    time < to.toMillis();
    time += 240_000 + Math.floor(random() * 120) * 1000
  ) {
    index++
    const phase = index % 40
    const moving = phase < 18
    if (moving) fuel -= 0.4 + random() * 0.5
    else if (phase >= 20 && phase < 23 && index % 120 < 40) fuel += 12
    else if (phase >= 30 && phase < 32 && index % 200 < 40) fuel -= 4
    else fuel += (random() - 0.5) * 1.6
    fuel = Math.max(2, Math.min(80, fuel))
    const temperatures: Record<string, number> = {
      dallas1: Math.round((5 + 4.5 * Math.sin(index / 9) + (random() - 0.5)) * 10) / 10,
    }
    if (index % 3 === 0) temperatures.ble2 = Math.round((-18 + random() * 3) * 10) / 10
    result.push({
      imei,
      fixTime: new Date(time),
      latitude: 41 + index / 10_000,
      longitude: 29,
      speed: moving ? 50 : 0,
      course: 0,
      altitude: 0,
      satellites: 9,
      valid: true,
      attributes: { ignition: moving, fuel: Math.round(fuel * 10) / 10, temperatures },
    })
  }
  return result
}

const round = (value: number, digits = 6) => Math.round(value * 10 ** digits) / 10 ** digits

async function snapshot(deviceId: number) {
  const clean = (rows: Record<string, unknown>[]) =>
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value instanceof Date
            ? value.toISOString()
            : typeof value === 'number'
              ? round(value)
              : value,
        ])
      )
    )
  return {
    fuel: clean(await db.from('fuel_hours').where('device_id', deviceId).orderBy('hour')),
    temperatures: clean(
      await db.from('temperature_hours').where('device_id', deviceId).orderBy(['hour', 'sensor'])
    ),
    events: clean(
      await db.from('fuel_level_events').where('device_id', deviceId).orderBy('start_time')
    ),
  }
}

/** The temperature figures of a period straight from the positions (the report's definition). */
function expectedTemperatures(
  readings: Position[],
  from: number,
  to: number,
  min: number,
  max: number
) {
  const sensors = new Map<string, { time: number; value: number }[]>()
  for (const position of readings) {
    const time = position.fixTime.getTime()
    if (time < from || time >= to) continue
    for (const [sensor, value] of Object.entries(position.attributes.temperatures ?? {})) {
      sensors.set(sensor, [...(sensors.get(sensor) ?? []), { time, value }])
    }
  }
  return [...sensors.keys()].sort().map((sensor) => {
    const list = sensors.get(sensor)!
    let below = 0
    let above = 0
    list.forEach((reading, index) => {
      const seconds = index + 1 < list.length ? (list[index + 1].time - reading.time) / 1000 : 0
      if (reading.value < min) below += seconds
      if (reading.value > max) above += seconds
    })
    const values = list.map((reading) => reading.value)
    return {
      sensor,
      readings: list.length,
      minimum: Math.min(...values),
      maximum: Math.max(...values),
      average: round(values.reduce((sum, value) => sum + value, 0) / list.length, 1),
      timeBelow: below,
      timeAbove: above,
      timeOutside: below + above,
    }
  })
}

/** The level's litres of a period: first − last + refuelled − dropped (events of ≥ 5 l). */
function expectedTracker(readings: Position[], events: SensorRollup, from: number, to: number) {
  const levels = readings.filter(
    (position) => position.fixTime.getTime() >= from && position.fixTime.getTime() < to
  )
  if (levels.length === 0) return null
  const inPeriod = [...events.fuelEvents.values()].filter(
    (event) => event.startTime >= from && event.startTime < to && Math.abs(event.litres) >= 5
  )
  const sum = (kind: string) =>
    inPeriod
      .filter((event) => event.kind === kind)
      .reduce((total, event) => total + Math.abs(event.litres), 0)
  const litres =
    levels[0].attributes.fuel! -
    levels[levels.length - 1].attributes.fuel! +
    sum('refuel') -
    sum('drop')
  return {
    trackerLitres: round(Math.max(0, litres), 1),
    refuels: inPeriod.filter((event) => event.kind === 'refuel').length,
    drops: inPeriod.filter((event) => event.kind === 'drop').length,
  }
}

test.group('Sensor rollups: live ingest → hourly rows → reports', (group) => {
  let cleanup: (() => Promise<void>) | null = null
  group.each.teardown(async () => {
    await cleanup?.()
    cleanup = null
  })

  test('batches merge into the rows of one pass and of trips:rebuild; reports equal the positions', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const van = await createVehicle(company, { name: 'Reefer', average_consumption: 10 })
    cleanup = async () => {
      await db.from('positions').where('company_id', company.id).delete()
      await db.from('companies').where('id', company.id).delete()
    }
    const start = DateTime.fromISO(`${D1}T00:00`, { zone: 'UTC' }).minus({ hours: 8 })
    const end = DateTime.fromISO(`${D2}T23:59`, { zone: 'UTC' }).plus({ hours: 8 })
    await ensurePositionPartitions(start, end)
    const all = positions(van.imei, start, end)

    // Live ingest: frames of 1 to 12 positions, several frames of the device in one batch.
    const device: DeviceContext = {
      id: van.id,
      companyId: company.id,
      imei: van.imei,
      protocol: 'teltonika',
      speedLimit: null,
      settings: trackingSettings(null),
    }
    const ingest = createIngestPool(2)
    const writer = new BatchWriter(ingest.pool, { maxRows: 40, lingerMs: 1, concurrency: 1 })
    let state = initialLiveState()
    const writes: Promise<void>[] = []
    for (let index = 0, size = 1; index < all.length; index += size, size = (size % 12) + 1) {
      const frame = all.slice(index, index + size)
      const result = enrich(
        device,
        state,
        frame,
        new Date(frame[frame.length - 1].fixTime.getTime() + 1000)
      )
      state = result.state
      writes.push(writer.write({ device, ...result }))
    }
    await Promise.all(writes)
    await ingest.end()
    const live = await snapshot(van.id)

    // One pass over every position gives the same rows.
    const once = new SensorRollup()
    let sensorState = initialSensorState()
    for (const position of all) {
      sensorState = rollUp(
        sensorState,
        {
          time: position.fixTime.getTime(),
          speed: position.speed,
          latitude: position.latitude,
          longitude: position.longitude,
          attributes: position.attributes,
        },
        once
      )
    }
    assert.equal(live.fuel.length, once.fuelHours.size)
    assert.equal(live.temperatures.length, once.temperatureHours.size)
    assert.equal(live.events.length, once.fuelEvents.size)
    assert.isAbove(live.events.length, 3)
    for (const row of live.temperatures) {
      const expected = once.temperatureHours.get(
        `${row.sensor}\u0000${Date.parse(row.hour as string)}`
      )!
      assert.deepEqual(
        [row.readings, row.min_value, row.max_value, row.sum_value, row.seconds, row.last_seconds],
        [
          expected.readings,
          expected.min,
          expected.max,
          round(expected.sum),
          round(expected.seconds),
          round(expected.lastSeconds),
        ]
      )
    }

    // trips:rebuild from the stored positions writes the same rows.
    await rebuildSensorRollups(van.id, all[0].fixTime, all[all.length - 1].fixTime)
    assert.deepEqual(await snapshot(van.id), live)

    // The reports over whole days, in a zone on whole hours and in one whose midnights cut hours.
    for (const timezone of ['Europe/Istanbul', 'Asia/Kolkata']) {
      const context = {
        companyId: company.id,
        timezone,
        now: DateTime.fromISO('2026-03-20T12:00', { zone: timezone }),
      }
      const period = { period: 'custom', from: D1, to: D2 }
      const from = DateTime.fromISO(`${D1}T00:00`, { zone: timezone }).toMillis()
      const middle = DateTime.fromISO(`${D2}T00:00`, { zone: timezone }).toMillis()
      const to = DateTime.fromISO(`${D2}T00:00`, { zone: timezone }).plus({ days: 1 }).toMillis()

      const expectedRows = expectedTemperatures(all, from, to, 1.5, 7.5)
      const dallas = expectedRows.find((row) => row.sensor === 'dallas1')!
      assert.isAbove(dallas.timeBelow, 0)
      assert.isAbove(dallas.timeAbove, 0)
      const temperatures = await temperatureReport.run({ ...period, min: 1.5, max: 7.5 }, context, {
        perPage: 50,
      })
      assert.deepEqual(
        temperatures.page.rows.map(({ vehicle, plate, ...row }) => {
          void vehicle
          void plate
          return row
        }),
        expectedRows,
        timezone
      )

      const events = await fuelEventsReport.run(period, context, { perPage: 100 })
      const expectedEvents = [...once.fuelEvents.values()].filter(
        (event) => event.startTime >= from && event.startTime < to && Math.abs(event.litres) >= 5
      )
      assert.deepEqual(
        events.page.rows.map((row) => [
          row.kind,
          new Date(row.startTime as string).getTime(),
          row.litres,
        ]),
        expectedEvents.map((event) => [
          event.kind,
          event.startTime,
          round(Math.abs(event.litres), 1),
        ]),
        timezone
      )

      const consumption = await fuelConsumptionsReport.run(period, context)
      assert.deepInclude(consumption.page.rows[0], expectedTracker(all, once, from, to)!, timezone)

      const daily = await fuelConsumptionsDailyReport.run(period, context)
      assert.deepEqual(
        daily.page.rows.map((row) => ({
          day: row.day,
          trackerLitres: row.trackerLitres,
          refuels: row.refuels,
          drops: row.drops,
        })),
        [
          { day: D1, ...expectedTracker(all, once, from, middle)! },
          { day: D2, ...expectedTracker(all, once, middle, to)! },
        ],
        timezone
      )
    }
  }).timeout(120_000)
})

test.group('Temperature report parameters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a maximum below the minimum answers 422 with a localized message', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const en = await client
      .get('/backend/reports/temperature-reports')
      .qs({ period: 'today', min: 8, max: 2 })
      .withInertia()
      .loginAs(user)
    en.assertStatus(422)
    const issues = (en.inertiaProps as Record<string, any>).issues
    assert.deepEqual(issues, [
      { field: 'max', message: 'The maximum must not be below the minimum.' },
    ])

    const tr = await client
      .get('/tr/panel/raporlar/sicaklik-raporlari/export')
      .qs({ period: 'today', min: 8, max: 2, format: 'csv' })
      .loginAs(user)
    tr.assertStatus(422)
    assert.equal(tr.body().errors[0].message, 'Üst sınır alt sınırdan küçük olamaz.')

    const equal = await client
      .get('/backend/reports/temperature-reports')
      .qs({ period: 'today', min: 5, max: 5 })
      .withInertia()
      .loginAs(user)
    equal.assertStatus(200)
  })
})
