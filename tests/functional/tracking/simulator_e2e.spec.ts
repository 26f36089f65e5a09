import { test } from '@japa/runner'
import type { Logger } from '@adonisjs/core/logger'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { trackerProtocols } from '#shared/fleet_enums'
import { demoVehicles, startDemoFleet } from '#tracking/simulator/demo_fleet'
import { registerFleet } from '#tracking/simulator/register_fleet'
import {
  SimulatedFleet,
  fleetVehicles,
  type FleetVehicle,
} from '#tracking/simulator/simulated_fleet'
import type { TrackingService } from '#tracking/tracking_service'
import {
  type RecordingPublisher,
  startTrackingService,
  uniqueFirstImei,
  until,
} from './helpers/tracking_harness.js'

async function count(table: string, where: Record<string, unknown>): Promise<number> {
  const [row] = await db.from(table).where(where).count('* as total')
  return Number(row.total)
}

function vehiclesPerProtocol(perProtocol: number): FleetVehicle[] {
  const firstImei = uniqueFirstImei()
  const protocols = trackerProtocols
  return fleetVehicles(
    perProtocol * protocols.length,
    firstImei,
    (k) => protocols[Math.floor(k / perProtocol)]
  )
}

test.group('Simulator end to end: fleet -> listener -> PostgreSQL', (group) => {
  let service: TrackingService
  let publisher: RecordingPublisher

  group.setup(async () => {
    ;({ service, publisher } = await startTrackingService())
    return () => service.stop()
  })

  test('every protocol logs in, reports, and is stored, acknowledged and published', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const vehicles = vehiclesPerProtocol(3)
    const total = vehicles.length
    const registration = await registerFleet(company.name, vehicles)
    assert.equal(registration.created, total)
    assert.equal((await registerFleet(company.name, vehicles)).existing, total, 'idempotent')

    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: service.boundPorts,
      vehicles,
      intervalSeconds: 10,
      speedup: 60,
      clockStart: new Date(Date.now() - 3_600_000),
      connectSpreadSeconds: 0.2,
    })
    fleet.start()
    try {
      await until(() => fleet.stats.recordsAcked >= total * 12, 15_000, 'records acknowledged')
    } finally {
      await fleet.stop()
    }
    await service.writer.drain()
    const stats = fleet.snapshot()
    assert.equal(stats.errors, 0, stats.lastError ?? '')
    assert.equal(stats.loginsRejected, 0)
    assert.isAbove(stats.ackLatencyMs.p50, 0)

    const devices = await db
      .from('devices')
      .where('company_id', company.id)
      .select('id', 'imei', 'protocol')
    assert.lengthOf(devices, total)

    // GPS103 acknowledges nothing: its last reports may still be on their way in.
    await until(
      async () => (await count('positions', { company_id: company.id })) >= stats.recordsAcked,
      5_000,
      'every acknowledged record is stored'
    )
    for (const device of devices) {
      assert.isAtLeast(await count('positions', { device_id: device.id }), 5, device.protocol)
    }

    const states = await db.from('device_states').where('company_id', company.id)
    assert.lengthOf(states, total)
    for (const state of states) {
      assert.oneOf(state.live_status, ['moving', 'idle', 'stopped'])
      assert.isNotNull(state.fix_time)
      assert.isTrue(state.online)
      assert.isTrue(state.valid)
    }

    const events = await db
      .from('events')
      .where('company_id', company.id)
      .select('device_id', 'code')
    const codesOf = (deviceId: number) =>
      events.filter((event) => event.device_id === deviceId).map((event) => event.code)
    for (const device of devices) {
      assert.include(codesOf(device.id), 'CONNECTION_ON', device.protocol)
      if (device.protocol !== 'osmand') assert.include(codesOf(device.id), 'CONNECTION')
    }

    const published = new Set(
      publisher.positions
        .filter((message) => message.companyId === company.id)
        .map((message) => message.deviceId)
    )
    assert.deepEqual([...published].sort(), devices.map((device) => device.id).sort())
    assert.isTrue(
      publisher.events.some((m) => m.companyId === company.id && m.event.code === 'CONNECTION')
    )
  }).timeout(40_000)

  test('queued and live engine-cut commands are answered by the devices', async ({ assert }) => {
    const { company } = await createMember()
    const firstImei = uniqueFirstImei()
    const vehicles = fleetVehicles(2, firstImei, (k) => (k === 0 ? 'gt06' : 'teltonika'))
    await registerFleet(company.name, vehicles)
    const [gt06, teltonika] = await Promise.all(
      vehicles.map((vehicle) => db.from('devices').where('imei', vehicle.imei).firstOrFail())
    )
    const queue = (deviceId: number, kind: string, payload: string) =>
      db
        .table('device_commands')
        .insert({
          company_id: company.id,
          device_id: deviceId,
          kind,
          payload,
          status: 'queued',
          created_at: new Date(),
        })
        .returning('id')
    // Queued before the GT06 connects: delivered on its login.
    const [gt06Command] = await queue(gt06.id, 'engine_block', '')

    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: service.boundPorts,
      vehicles,
      intervalSeconds: 10,
      speedup: 20,
      clockStart: new Date(Date.now() - 3_600_000),
      connectSpreadSeconds: 0.1,
    })
    fleet.start()
    let teltonikaCommand: { id: number }
    try {
      await until(() => fleet.stats.online === 2, 5000, 'both online')
      // Queued while the Teltonika is connected: delivered on NOTIFY.
      ;[teltonikaCommand] = await queue(teltonika.id, 'engine_block', '')
      await db.rawQuery(`NOTIFY device_commands, '${teltonika.id}'`)

      const answered = async () =>
        (await db
          .from('device_commands')
          .whereIn('id', [gt06Command.id, teltonikaCommand.id])
          .where('status', 'answered')
          .count('* as total')
          .first())!.total
      await until(async () => Number(await answered()) === 2, 10_000, 'commands answered')
      const rows = await db
        .from('device_commands')
        .whereIn('id', [gt06Command.id, teltonikaCommand.id])
        .orderBy('id')
      assert.equal(rows[0].response, 'Relay,1:OK')
      assert.equal(rows[1].response, 'DOUT1:1 DOUT2:0')
      // The Teltonika now reports DOUT1 on: the cut relay event (106 A).
      await until(
        async () => (await count('events', { device_id: teltonika.id, code: '106' })) > 0,
        5000,
        'relay event'
      )
    } finally {
      await fleet.stop()
    }
    assert.equal(fleet.stats.commandsAnswered, 2)
    const updates = publisher.commands.filter((update) => update.companyId === company.id)
    assert.sameMembers(
      updates.filter((update) => update.status === 'answered').map((update) => update.id),
      [gt06Command.id, teltonikaCommand!.id]
    )
  }).timeout(30_000)

  test('a scripted drive (park, drive 8 min, park) is stored as a trip', async ({ assert }) => {
    const { company } = await createMember()
    const [vehicle] = fleetVehicles(1, uniqueFirstImei(), 'teltonika')
    vehicle.plan = [
      { phase: 'parked', seconds: 120 },
      { phase: 'driving', seconds: 480 },
      { phase: 'parked', seconds: 3600 },
    ]
    await registerFleet(company.name, [vehicle])
    const device = await db.from('devices').where('imei', vehicle.imei).firstOrFail()
    const clockStart = new Date(Date.now() - 2 * 3_600_000)
    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: service.boundPorts,
      vehicles: [vehicle],
      intervalSeconds: 5,
      speedup: 200,
      clockStart,
      connectSpreadSeconds: 0,
    })
    fleet.start()
    try {
      // 120 s parked + 480 s driving + 7 min parked = 1020 simulated seconds.
      await until(
        async () => (await count('trips', { device_id: device.id })) > 0,
        20_000,
        'trip stored'
      )
    } finally {
      await fleet.stop()
    }
    const [trip] = await db.from('trips').where('device_id', device.id)
    assert.isAbove(trip.distance, 500)
    assert.isAtLeast(trip.duration, 300)
    assert.isAbove(trip.max_speed, 20)
    // The trip runs from the first moving point of the motion that confirmed it (a stop at a
    // light before 500 m / 5 min restarts the count) to the first standing point at the end.
    const secondsIn = (time: Date | string) =>
      (new Date(time).getTime() - clockStart.getTime()) / 1000
    assert.isAtLeast(secondsIn(trip.start_time), 110)
    assert.isAtMost(secondsIn(trip.start_time), 320)
    assert.closeTo(secondsIn(trip.end_time), 600, 40)
    assert.closeTo(trip.end_odometer - trip.start_odometer, trip.distance, 1)
    const stops = await db.from('stops').where('device_id', device.id)
    assert.isAtLeast(stops.length, 1, 'the parking before the trip is a stop')
  }).timeout(30_000)

  test('the demo fleet registers mixed protocols and drives them in real time', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const fleet = await startDemoFleet({
      companyName: company.name,
      count: 10,
      host: '127.0.0.1',
      ports: service.boundPorts,
      backfill: false,
    })
    try {
      // A record every 5 s of real time, the fleet spread over those 5 s.
      await until(() => fleet.current!.stats.recordsAcked >= 13, 12_000, 'demo records acked')
    } finally {
      await fleet.stop()
    }
    const devices = await db.from('devices').where('company_id', company.id)
    const protocols = devices.map((device) => device.protocol)
    assert.lengthOf(devices, 10)
    assert.equal(protocols.filter((protocol) => protocol === 'teltonika').length, 2)
    assert.equal(protocols.filter((protocol) => protocol === 'gt06').length, 3)
    for (const family of ['osmand', 'h02', 'gl200', 'gps103', 'meitrack'] as const) {
      assert.equal(protocols.filter((protocol) => protocol === family).length, 1, family)
    }
    assert.sameMembers(
      devices.map((device) => device.imei),
      demoVehicles(10).map((vehicle) => vehicle.imei)
    )
    const first = devices.find((device) => device.imei.endsWith('0'))!
    assert.match(first.name, /^34 [A-Z]{3} \d{3}$/)
    // The name shown everywhere is the plate, so a plate search finds the vehicle.
    assert.equal(first.plate, first.name)
    // At speedup 1 GT06 devices also send heartbeats (0x13): stored as status rows.
    const heartbeats = await db
      .from('positions')
      .where('company_id', company.id)
      .whereRaw("attributes->>'terminalInfo' IS NOT NULL")
      .count('* as total')
    assert.isAtLeast(Number(heartbeats[0].total), 3)
    assert.equal(fleet.current!.stats.errors, 0, fleet.current!.stats.lastError ?? '')
  }).timeout(30_000)

  test('on a company without history the demo fleet first drives yesterday, at high speed', async ({
    assert,
  }) => {
    const { company } = await createMember()
    // The demo IMEIs are fixed; the previous test registered them to its own company.
    await db
      .from('devices')
      .whereIn(
        'imei',
        demoVehicles(2).map((vehicle) => vehicle.imei)
      )
      .delete()
    service.registry.invalidate()
    const logged: string[] = []
    const logger = {
      info: (message: string) => logged.push(message),
      warn: (_: unknown, message: string) => logged.push(message),
    } as unknown as Logger
    const fleet = await startDemoFleet({
      companyName: company.name,
      count: 2,
      host: '127.0.0.1',
      ports: service.boundPorts,
      backfillSeconds: 4,
      logger,
    })
    try {
      await until(() => (fleet.current?.stats.recordsAcked ?? 0) >= 50, 8_000, 'history acked')
      await until(
        () => logged.some((line) => line.includes('now driving in real time')),
        8_000,
        'switch to the live drive'
      )
      // The fleet starts once: one announcement, whatever the pace changes.
      assert.lengthOf(
        logged.filter((line) => /demo fleet: \d+ vehicles/.test(line)),
        1,
        logged.join('\n')
      )
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await fleet.stop()
    }
    const [yesterday] = await db
      .from('positions')
      .where('company_id', company.id)
      .whereRaw("fix_time < date_trunc('day', now())")
      .count('* as total')
    assert.isAbove(Number(yesterday.total), 20, 'positions from yesterday')
  }).timeout(30_000)
})
