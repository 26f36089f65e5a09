import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { rebuildTrips } from '#actions/tracking/rebuild_trips'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually, startListener } from '#tests/helpers/tracking'
import type { DeviceFix } from '#tracking/simulator/device_fix'
import {
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'
import { odometerIntervalsSql } from '#reports/telematics'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'
import { correctOdometer } from '#actions/tracking/correct_odometer'
import { telematicsReports } from '#reports/telematics_reports'
import { DateTime } from 'luxon'
import { encodeRuptelaRecord } from '#tracking/simulator/text_device_encoder'
import { crc16Kermit } from '#tracking/protocols/crc'

/**
 * Issue 25, point 1: each kind of bad reading a real tracker sends, over the real TCP listener.
 * The drive: parked 3 minutes, 13 minutes at 60 km/h due north (1 km a minute), parked 10
 * minutes; one fix a minute. Each test spoils one reading (or a run of them) and checks the
 * stored flags, the trip's distance, the day's distance (the reports' odometer intervals) and
 * that no event floods.
 */
const DAY = Date.UTC(2026, 10, 20)
const START = DAY + 8 * 3_600_000
const BASE_ODOMETER = 50_000_000
const KM_PER_DEGREE = 111.195
const DRIVE_FROM = 3
const DRIVE_TO = 16
const MINUTES = 26

function km(minute: number) {
  return Math.max(0, Math.min(minute, DRIVE_TO) - DRIVE_FROM)
}

function fix(minute: number, overrides: Partial<DeviceFix> = {}): DeviceFix {
  const driving = minute >= DRIVE_FROM && minute < DRIVE_TO
  return {
    time: new Date(START + minute * 60_000),
    latitude: 41 + km(minute) / KM_PER_DEGREE,
    longitude: 29,
    speed: driving ? 60 : 0,
    course: 0,
    altitude: 50,
    satellites: 9,
    ignition: driving,
    moving: driving,
    odometer: BASE_ODOMETER + km(minute) * 1000,
    tripOdometer: 0,
    power: driving ? 13.9 : 12.7,
    battery: 4.1,
    gsmLevel: 4,
    relay: false,
    cell: { mcc: 286, mnc: 1, lac: 1, cellId: 1 },
    ...overrides,
  }
}

async function dayDistanceKm(deviceId: number) {
  const result = await db.rawQuery(odometerIntervalsSql('dv.id = ?'), [
    'UTC',
    pgArrayLiteral([new Date(DAY), new Date(DAY + 86_400_000)]),
    deviceId,
  ])
  return Number(result.rows[0].distance) / 1000
}

async function stored(deviceId: number) {
  return db
    .from('positions')
    .where('device_id', deviceId)
    .orderBy('fix_time')
    .select('fix_time', 'valid', 'attributes')
}

async function trips(deviceId: number) {
  return db.from('trips').where('device_id', deviceId).orderBy('start_time')
}

async function eventCodes(deviceId: number) {
  const rows = await db.from('events').where('device_id', deviceId).select('code')
  return rows.map((row) => row.code as string)
}

/**
 * A Ruptela FM-Tco4 record whose odometer is the vehicle's CAN total distance (IO 163, FMS
 * "high resolution total vehicle distance" in 5 m steps) instead of the virtual odometer
 * (IO 65) the simulator sends: the same frame with that IO id and unit, and its CRC again.
 */
function ruptelaCanRecord(imei: string, reading: DeviceFix): Buffer {
  const frame = encodeRuptelaRecord(imei, {
    ...reading,
    odometer: Math.round(reading.odometer / 5),
  })
  // length (2) + IMEI (8) + command, records left, records (3) + the record's IO id byte (28)
  const at = 2 + 8 + 3 + 28
  if (frame[at] !== 65) throw new Error('unexpected Ruptela record layout')
  frame[at] = 163
  frame.writeUInt16BE(crc16Kermit(frame, 2, frame.length - 2), frame.length - 2)
  return frame
}

const minuteOf = (row: { fix_time: Date }) =>
  Math.round((new Date(row.fix_time).getTime() - START) / 60_000)

test.group('Implausible tracker readings over the listener', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  let serial = 0
  /** Sends the fixes from a Teltonika device, 4 records a packet; `restartAt`: the listener restarts before that fix. */
  async function teltonika(
    fixes: DeviceFix[],
    speedLimit = 90,
    restartAt?: number,
    trackingSettings?: Record<string, number>
  ) {
    const { company } = await createMember()
    if (trackingSettings) {
      await db
        .from('companies')
        .where('id', company.id)
        .update({ tracking_settings: JSON.stringify(trackingSettings) })
    }
    const imei = `35${String(Date.now()).slice(-9)}${String(serial++).padStart(4, '0')}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: `Plausibility ${serial}`,
      protocol: 'teltonika',
    })
    await db.from('devices').where('id', id).update({ speed_limit: speedLimit })
    listener.service.registry.invalidate(imei)
    const connect = async () => {
      const connection = await TrackerClient.connect(listener.service.boundPorts.teltonika)
      connection.send(encodeTeltonikaLogin(imei))
      if ((await connection.read(1))?.toString('hex') !== '01') throw new Error('login refused')
      return connection
    }
    let client = await connect()
    for (let index = 0; index < fixes.length; index += 4) {
      const end =
        restartAt !== undefined && index < restartAt ? Math.min(index + 4, restartAt) : index + 4
      const part = fixes.slice(index, end)
      client.send(encodeTeltonikaRecords(part))
      const ack = await client.read(4)
      if (ack?.readUInt32BE(0) !== part.length) throw new Error('records not acknowledged')
      if (end === restartAt) {
        client.socket.destroy()
        await listener.service.writer.drain()
        await listener.service.stop()
        listener = await startListener()
        client = await connect()
      }
      index = end - 4
    }
    client.socket.destroy()
    await listener.service.writer.drain()
    return id
  }

  function drive(spoil: (minute: number) => Partial<DeviceFix> = () => ({})) {
    return Array.from({ length: MINUTES }, (_, minute) => fix(minute, spoil(minute)))
  }

  async function assertCleanDrive(assert: any, id: number) {
    const [trip] = await trips(id)
    assert.exists(trip, 'one trip')
    assert.lengthOf(await trips(id), 1)
    assert.closeTo(trip.distance / 1000, 13, 0.2)
    assert.closeTo(await dayDistanceKm(id), 13, 0.2)
    const codes = await eventCodes(id)
    assert.notInclude(codes, '105', 'no overspeed from a bad fix')
    assert.isAtMost(codes.filter((code) => /^(HSO|NSC|LVS|HSR|LVR|HVR)$/.test(code)).length, 3)
  }

  /**
   * A Teltonika device whose fixes arrive over separate connections, and odometer corrections
   * made between them (as a manager does while the tracker is away).
   */
  async function correctableDevice(assert: any, prefix: string) {
    const { company, user } = await createMember()
    const imei = `${prefix}${String(Date.now()).slice(-9)}${String(serial++).padStart(4, '0')}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: `Corrected ${serial}`,
      protocol: 'teltonika',
    })
    listener.service.registry.invalidate(imei)
    const disconnects = () =>
      db
        .from('events')
        .where('device_id', id)
        .where('code', 'DISCONNECTED')
        .count('* as count')
        .first()
        .then((row) => Number(row?.count ?? 0))
    const sendFixes = async (fixes: DeviceFix[]) => {
      const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
      client.send(encodeTeltonikaLogin(imei))
      assert.equal((await client.read(1))?.toString('hex'), '01')
      for (let index = 0; index < fixes.length; index += 4) {
        const part = fixes.slice(index, index + 4)
        client.send(encodeTeltonikaRecords(part))
        assert.equal((await client.read(4))?.readUInt32BE(0), part.length)
      }
      // The listener writes the device's live state once more when it sees the disconnect; the
      // test waits for it so that each correction comes after it (one racing it is
      // odometer_correction_race.spec.ts).
      const before = await disconnects()
      client.socket.destroy()
      await eventually(disconnects, (count) => count > before)
      await listener.service.writer.drain()
    }
    const correct = async (minute: number, odometerM: number) => {
      await correctOdometer({
        companyId: company.id,
        deviceId: id,
        effectiveAt: new Date(START + minute * 60_000),
        odometerKm: odometerM / 1000,
        note: null,
        userId: user.id,
      })
      listener.service.registry.invalidate(imei)
    }
    return { id, sendFixes, correct }
  }

  test('after an odometer correction, a tracker with its own odometer continues from the corrected value', async ({
    assert,
  }) => {
    const { id, sendFixes, correct } = await correctableDevice(assert, '36')
    const all = drive()
    await sendFixes(all.slice(0, 12))
    // The dashboard reads 100 km more than the tracker at minute 11 (8 km into the drive).
    const corrected = BASE_ODOMETER + 8000 + 100_000
    await correct(11, corrected)
    await sendFixes(all.slice(12))

    const rows = await stored(id)
    const last = rows.find((row) => minuteOf(row) === MINUTES - 1)!
    assert.equal(last.attributes.deviceOdometer, BASE_ODOMETER + 13_000, 'the raw value is kept')
    assert.equal(last.attributes.odometer, corrected + 5000, 'continues from the correction')
    assert.isUndefined(last.attributes.flags)
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.equal(Number(state.odometer), corrected + 5000)
  })

  test('a late position from before a correction gets the offset of its fix time, not the current one', async ({
    assert,
  }) => {
    const { id, sendFixes, correct } = await correctableDevice(assert, '37')
    const all = drive()
    // Minutes 8 and 13 stay in the tracker's memory (no network) and arrive late.
    await sendFixes(all.slice(0, 16).filter((_, minute) => minute !== 8 && minute !== 13))
    // Two corrections recorded meanwhile: +50 km from minute 2, then +100 km more from minute 11.
    await correct(2, BASE_ODOMETER + 50_000)
    await correct(11, BASE_ODOMETER + 8000 + 150_000)
    await sendFixes([all[8], all[13]])
    await sendFixes(all.slice(16))

    const rows = await stored(id)
    const at = (minute: number) => rows.find((row) => minuteOf(row) === minute)!.attributes
    assert.equal(at(8).deviceOdometer, BASE_ODOMETER + 5000, 'the raw value is kept')
    assert.equal(at(8).odometer, BASE_ODOMETER + 5000 + 50_000, 'the offset of minute 8')
    assert.equal(at(13).odometer, BASE_ODOMETER + 10_000 + 150_000, 'the offset of minute 13')
    assert.equal(at(MINUTES - 1).odometer, BASE_ODOMETER + 13_000 + 150_000)
    assert.closeTo(await dayDistanceKm(id), 13, 0.2)
  })

  test('a GPS jump hundreds of km away is flagged and moves nothing', async ({ assert }) => {
    const id = await teltonika(
      drive((minute) => (minute === 8 ? { latitude: 46, speed: 250 } : {}))
    )
    const rows = await stored(id)
    assert.lengthOf(rows, MINUTES, 'the bad fix is stored')
    const flagged = rows.filter((row) => row.attributes.flags)
    assert.deepEqual(flagged.map(minuteOf), [8])
    assert.deepEqual(flagged[0].attributes.flags, ['gps:speed_jump'])
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.closeTo(state.latitude, 41 + 13 / KM_PER_DEGREE, 0.001)
    await assertCleanDrive(assert, id)
  })

  test("the distance report says a tracker's own odometer is the source, with the day's distance", async ({
    assert,
  }) => {
    const id = await teltonika(drive())
    const device = await db.from('devices').where('id', id).firstOrFail()
    const result = await telematicsReports['total-distance-covered'].run(
      { period: 'custom', from: '2026-11-20', to: '2026-11-20', deviceId: id },
      {
        companyId: device.company_id,
        timezone: 'UTC',
        now: DateTime.fromISO('2026-11-21T12:00:00Z'),
      }
    )
    const rows = []
    for await (const row of result.stream(500)) rows.push(row)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].distanceSource, 'odometer')
    assert.closeTo(Number(rows[0].distance), 13, 0.2)
  })

  test('a fix with too few satellites, and one without a fix, are flagged', async ({ assert }) => {
    const id = await teltonika(
      drive((minute) =>
        minute === 7
          ? { satellites: 2, latitude: 41.5 }
          : minute === 9
            ? { satellites: 0, speed: 0, latitude: 0, longitude: 0 }
            : {}
      )
    )
    const rows = await stored(id)
    const flagged = rows.filter((row) => row.attributes.flags)
    assert.deepEqual(
      flagged.map((row) => [minuteOf(row), row.attributes.flags]),
      [
        [7, ['gps:few_satellites']],
        [9, ['gps:invalid']],
      ]
    )
    await assertCleanDrive(assert, id)
  })

  test('an odometer of 0 after a non-zero one is ignored', async ({ assert }) => {
    const id = await teltonika(drive((minute) => (minute === 8 ? { odometer: 0 } : {})))
    const rows = await stored(id)
    const bad = rows.find((row) => minuteOf(row) === 8)!
    assert.deepEqual(bad.attributes.flags, ['odometer:zero_after_nonzero'])
    assert.equal(bad.attributes.deviceOdometer, 0)
    assert.equal(bad.attributes.odometer, BASE_ODOMETER + 4000)
    await assertCleanDrive(assert, id)
  })

  test('an odometer stepping backwards is ignored', async ({ assert }) => {
    const id = await teltonika(
      drive((minute) => (minute === 8 ? { odometer: BASE_ODOMETER - 20_000 } : {}))
    )
    const bad = (await stored(id)).find((row) => minuteOf(row) === 8)!
    assert.deepEqual(bad.attributes.flags, ['odometer:backwards'])
    assert.equal(bad.attributes.odometer, BASE_ODOMETER + 4000)
    await assertCleanDrive(assert, id)
  })

  test('a one-fix odometer spike is ignored', async ({ assert }) => {
    const id = await teltonika(
      drive((minute) => (minute === 8 ? { odometer: BASE_ODOMETER + 900_000_000 } : {}))
    )
    const rows = await stored(id)
    const flagged = rows.filter((row) => row.attributes.flags)
    assert.deepEqual(flagged.map(minuteOf), [8])
    assert.deepEqual(flagged[0].attributes.flags, ['odometer:impossible_step'])
    assert.equal(flagged[0].attributes.deviceOdometer, BASE_ODOMETER + 900_000_000)
    await assertCleanDrive(assert, id)
  })

  test('a CAN odometer (Ruptela IO 163) sending 0 after non-zero and a one-fix spike is ignored', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const imei = `86${String(Date.now()).slice(-9)}${String(serial++).padStart(4, '0')}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: `CAN odometer ${serial}`,
      protocol: 'ruptela',
    })
    await db.from('devices').where('id', id).update({ speed_limit: 90 })
    listener.service.registry.invalidate(imei)
    const fixes = drive((minute) =>
      minute === 6
        ? { odometer: 0 }
        : minute === 10
          ? { odometer: BASE_ODOMETER + 900_000_000 }
          : {}
    )
    const client = await TrackerClient.connect(listener.service.boundPorts.ruptela)
    for (const each of fixes) {
      client.send(ruptelaCanRecord(imei, each))
      assert.equal((await client.read(6))?.toString('hex'), '0002640113bc', 'acknowledged')
    }
    client.socket.destroy()
    await listener.service.writer.drain()

    const rows = await stored(id)
    assert.lengthOf(rows, MINUTES, 'every reading is stored')
    const at = (minute: number) => rows.find((row) => minuteOf(row) === minute)!.attributes
    assert.equal(at(2).deviceOdometer, BASE_ODOMETER, 'read from IO 163 in 5 m steps')
    assert.deepEqual(
      rows
        .filter((row) => row.attributes.flags)
        .map((row) => [minuteOf(row), row.attributes.flags]),
      [
        [6, ['odometer:zero_after_nonzero']],
        [10, ['odometer:impossible_step']],
      ]
    )
    assert.equal(at(6).deviceOdometer, 0, 'the raw value is kept')
    assert.equal(at(6).odometer, BASE_ODOMETER + 2000, 'the cleaned odometer holds')
    assert.equal(at(10).deviceOdometer, BASE_ODOMETER + 900_000_000)
    assert.equal(at(10).odometer, BASE_ODOMETER + 6000)
    assert.equal(at(MINUTES - 1).odometer, BASE_ODOMETER + 13_000)
    await assertCleanDrive(assert, id)
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.equal(Number(state.odometer), BASE_ODOMETER + 13_000)
  })

  test('a lasting reset becomes the new base and distance continues without a jump', async ({
    assert,
  }) => {
    // The tracker is replaced (or reset) at minute 8: its odometer starts again from 0. The
    // listener restarts between the reading at 0 and the next: the filter's state is persisted.
    const id = await teltonika(
      drive((minute) => (minute >= 8 ? { odometer: (km(minute) - km(8)) * 1000 } : {})),
      90,
      9
    )
    const rows = await stored(id)
    const flags = rows
      .filter((row) => row.attributes.flags)
      .map((row) => [minuteOf(row), row.attributes.flags])
    assert.deepEqual(flags, [
      [8, ['odometer:zero_after_nonzero']],
      [9, ['odometer:backwards']],
      [10, ['odometer:backwards', 'odometer:rebased']],
    ])
    const odometers = rows.map((row) => row.attributes.odometer as number)
    for (let index = 1; index < odometers.length; index++) {
      assert.isAtLeast(odometers[index], odometers[index - 1], 'the cleaned odometer never falls')
    }
    assert.equal(odometers[MINUTES - 1], BASE_ODOMETER + 13_000)
    await assertCleanDrive(assert, id)

    // A rebuild from the stored positions agrees with ingest.
    const before = (await trips(id)).map((trip) => [trip.distance, trip.start_time.getTime()])
    await rebuildTrips(id, new Date(START), new Date(START + MINUTES * 60_000))
    const after = (await trips(id)).map((trip) => [trip.distance, trip.start_time.getTime()])
    assert.deepEqual(after, before)
  })

  test('a battery voltage hovering on a threshold all night makes no event flood', async ({
    assert,
  }) => {
    // Parked, engine off, 12.38 / 12.42 V in turn (the HSO/NSC threshold is 12.4 V) for 2 hours.
    const night = Array.from({ length: 120 }, (_, minute) =>
      fix(MINUTES + minute, {
        latitude: 41 + 13 / KM_PER_DEGREE,
        odometer: BASE_ODOMETER + 13_000,
        power: minute % 2 ? 12.38 : 12.42,
      })
    )
    const id = await teltonika([...drive(), ...night])
    const codes = (await eventCodes(id)).filter((code) => /^(HSO|NSC|LVS)$/.test(code))
    // HSO when parked at the start, HSO again after the drive (the engine stopped): nothing else.
    assert.deepEqual(codes, ['HSO', 'HSO'])
    const all = await eventCodes(id)
    assert.isBelow(all.length, 12, all.join(','))
  })

  test('a vehicle hovering at 104–106 km/h around its 105 limit makes one overspeed episode', async ({
    assert,
  }) => {
    // The drive at 104 / 106 km/h in turn, a fix every minute, then slowing down and parking.
    const id = await teltonika(
      drive((minute) =>
        minute >= DRIVE_FROM && minute < DRIVE_TO
          ? { speed: minute % 2 ? 104 : 106 }
          : minute === DRIVE_TO
            ? { speed: 0 }
            : {}
      ),
      105
    )
    const events = await db
      .from('events')
      .where('device_id', id)
      .where('code', '105')
      .orderBy('event_time')
      .select('state', 'event_time')
    assert.deepEqual(
      events.map((event) => [event.state, minuteOf({ fix_time: event.event_time })]),
      [
        ['A', 4],
        ['F', 17],
      ]
    )
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.isFalse(state.detector.overspeed)
    assert.equal(state.detector.plausibility.overspeed.confirmed, 'under')
  })

  test('a temperature hovering at the top of its range makes one alarm, ended once back inside', async ({
    assert,
  }) => {
    // A refrigerated van (range 2–8 °C): 5 °C, then 7.9 / 8.1 °C in turn for 20 minutes, then 6 °C.
    const fixes = Array.from({ length: MINUTES + 6 }, (_, minute) =>
      fix(minute, { temperature: minute < 4 ? 5 : minute < 24 ? (minute % 2 ? 7.9 : 8.1) : 6 })
    )
    const id = await teltonika(fixes, 90, undefined, { temperatureMinC: 2, temperatureMaxC: 8 })
    const rows = await stored(id)
    assert.equal(rows.find((row) => minuteOf(row) === 4)!.attributes.temperatures.dallas1, 8.1)
    const events = await db
      .from('events')
      .where('device_id', id)
      .where('code', 'TEMPERATURE')
      .orderBy('event_time')
      .select('state', 'event_time', 'attributes')
    assert.deepEqual(
      events.map((event) => [event.state, minuteOf({ fix_time: event.event_time })]),
      [
        ['A', 6],
        ['F', 26],
      ]
    )
    assert.equal(events[0].attributes.sensor, 'dallas1')
    assert.equal(events[0].attributes.limit, 'high')
  })

  test('a fix at 0,0 from a phone is flagged; fuel sloshing is told from a refuel', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const phone = `phone-${Date.now()}`
    const { id } = await registerDevice({
      company: company.name,
      imei: phone,
      name: 'Phone with fuel',
      protocol: 'osmand',
    })
    await db.from('devices').where('id', id).update({ tank_capacity: 80 })
    listener.service.registry.invalidate(phone)
    const port = listener.service.boundPorts.osmand
    const send = async (second: number, params: Record<string, number>) => {
      const query = new URLSearchParams({
        id: phone,
        timestamp: String(Math.floor((START + second * 1000) / 1000)),
        ...Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
      })
      const answer = await fetch(`http://127.0.0.1:${port}/?${query}`)
      assert.equal(answer.status, 200)
    }
    const knots = 60 / 1.852
    // Driving north at 60 km/h, a reading every 30 s; the fuel sloshes ±6 l around 50 l.
    const slosh = [50, 56, 44, 55, 45, 50, 57, 43, 50, 56, 44, 50]
    for (const [index, fuel] of slosh.entries()) {
      const lat = 41 + (index * 0.5) / KM_PER_DEGREE
      if (index === 6) await send(index * 30, { lat: 0, lon: 0, speed: knots, fuel })
      else await send(index * 30, { lat, lon: 29, speed: knots, fuel })
    }
    // Parked: a refuel from 50 to 75 l, readings every 30 s.
    const parked = 41 + (12 * 0.5) / KM_PER_DEGREE
    const refuel = [50, 50, 75, 75, 75, 75]
    for (const [index, fuel] of refuel.entries()) {
      await send(600 + index * 30, { lat: parked, lon: 29, speed: 0, fuel })
    }
    await listener.service.writer.drain()

    const rows = await stored(id)
    const island = rows.find((row) => row.attributes.flags?.includes('gps:null_island'))
    assert.exists(island, 'the fix at 0,0 is stored and flagged')
    const sloshing = rows.filter((row) => row.attributes.flags?.includes('fuel:slosh'))
    assert.isAtLeast(sloshing.length, 6)
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.isAbove(state.latitude, 40)

    await eventually(
      () => db.from('fuel_level_events').where('device_id', id),
      (events) => events.length > 0
    )
    const events = await db.from('fuel_level_events').where('device_id', id)
    assert.lengthOf(events, 1, 'one refuel, nothing from the sloshing')
    assert.equal(events[0].kind, 'refuel')
    assert.closeTo(Number(events[0].litres), 25, 0.5)
    // The day's distance: 6 km driven to where it parked (the 0,0 fix adds nothing).
    assert.closeTo(await dayDistanceKm(id), 6, 0.2)
  })
})
