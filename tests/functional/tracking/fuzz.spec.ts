import v8 from 'node:v8'
import vm from 'node:vm'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { vectorsOf } from '#tests/unit/tracking/helpers/vectors'
import { Prng } from '#tracking/simulator/prng'
import { registerFleet } from '#tracking/simulator/register_fleet'
import { encodeGt06Login, encodeTeltonikaLogin } from '#tracking/simulator/device_encoders'
import {
  SimulatedFleet,
  fleetVehicles,
  type FleetVehicle,
} from '#tracking/simulator/simulated_fleet'
import type { TrackingService } from '#tracking/tracking_service'
import { RawConnection } from './helpers/raw_connection.js'
import { startTrackingService, uniqueFirstImei, until } from './helpers/tracking_harness.js'

/**
 * Hostile input against a running listener: mutated real frames, random bytes, absurd length
 * prefixes, a one-byte-at-a-time sender and a storm of half-open connections. Throughout, a
 * legitimate Teltonika and GT06 keep reporting on their own connections and must keep getting
 * acknowledgements; nothing a garbage sender sends may be stored.
 */
const FRAME_SECONDS = 2
const IDLE_SECONDS = 4
const LOGIN_REPLY_BYTES = { teltonika: 1, gt06: 10 }

v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

test.group('Tracker listener under hostile input', (group) => {
  let service: TrackingService
  let goodFleet: SimulatedFleet
  /** Devices the garbage senders log in as; none of them may ever get a position stored. */
  let fuzzVehicles: FleetVehicle[]
  let fuzzDeviceIds: number[]
  let companyName: string
  const uncaught: unknown[] = []
  const recordUncaught = (error: unknown) => uncaught.push(error)

  const ports = () => service.boundPorts

  async function fuzzPositions(): Promise<number> {
    const [row] = await db.from('positions').whereIn('device_id', fuzzDeviceIds).count('* as total')
    return Number(row.total)
  }

  function fuzzImei(protocol: 'teltonika' | 'gt06' | 'osmand', n: number): string {
    const own = fuzzVehicles.filter((vehicle) => vehicle.protocol === protocol)
    return own[n % own.length].imei
  }

  /** Acks the good devices received so far; they must keep coming. */
  async function goodDevicesStillServed(since: number) {
    await until(() => goodFleet.stats.acksReceived >= since + 4, 3000, 'good devices acked')
    const stats = goodFleet.snapshot()
    if (stats.errors > 0 || stats.reconnects > 0) {
      throw new Error(`good device disturbed: ${stats.lastError}`)
    }
  }

  async function loggedIn(protocol: 'teltonika' | 'gt06', n: number): Promise<RawConnection> {
    const connection = await RawConnection.open(ports()[protocol])
    const imei = fuzzImei(protocol, n)
    connection.send(
      protocol === 'teltonika' ? encodeTeltonikaLogin(imei) : encodeGt06Login(imei, 1)
    )
    if (!(await connection.receive(LOGIN_REPLY_BYTES[protocol], 3000))) {
      throw new Error(`${protocol} fuzz device ${imei} was not logged in`)
    }
    return connection
  }

  group.setup(async () => {
    process.on('uncaughtException', recordUncaught)
    process.on('unhandledRejection', recordUncaught)
    ;({ service } = await startTrackingService({
      frameSeconds: FRAME_SECONDS,
      idleSeconds: IDLE_SECONDS,
    }))
    const { company } = await createMember()
    companyName = company.name
    const first = uniqueFirstImei()
    const good = fleetVehicles(2, first, (k) => (k === 0 ? 'teltonika' : 'gt06'))
    fuzzVehicles = fleetVehicles(24, first, (k) =>
      k % 3 === 0 ? 'teltonika' : k % 3 === 1 ? 'gt06' : 'osmand'
    ).slice(2)
    await registerFleet(company.name, [...good, ...fuzzVehicles])
    const rows = await db
      .from('devices')
      .whereIn(
        'imei',
        fuzzVehicles.map((vehicle) => vehicle.imei)
      )
      .select('id')
    fuzzDeviceIds = rows.map((row) => row.id)

    goodFleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: ports(),
      vehicles: good,
      intervalSeconds: 1,
      speedup: 5,
      clockStart: new Date(Date.now() - 3_600_000),
      connectSpreadSeconds: 0,
    })
    goodFleet.start()
    await until(() => goodFleet.stats.online === 2, 5000, 'good devices online')
    return async () => {
      await goodFleet.stop()
      await service.stop()
      process.off('uncaughtException', recordUncaught)
      process.off('unhandledRejection', recordUncaught)
    }
  })

  test('bit-flipped real frames after a valid login: no ack, nothing stored, connection closed', async ({
    assert,
  }) => {
    const acks = goodFleet.stats.acksReceived
    const random = new Prng(20_260_501)
    const attempts: { connection: RawConnection; protocol: 'teltonika' | 'gt06'; id: string }[] = []
    let n = 0
    for (const protocol of ['teltonika', 'gt06'] as const) {
      for (const vector of vectorsOf(protocol).filter((candidate) => candidate.hex)) {
        for (let copy = 0; copy < 3; copy++) {
          const frame = Buffer.from(vector.hex!, 'hex')
          // 1 to 3 distinct bits (flipping one bit twice would give the real frame back).
          const bits = new Set<number>()
          const flips = random.int(1, 3)
          while (bits.size < flips) bits.add(random.int(0, frame.length * 8 - 1))
          for (const bit of bits) frame[bit >> 3] ^= 0x80 >> (bit & 7)
          const connection = await loggedIn(protocol, n++)
          connection.send(frame)
          attempts.push({ connection, protocol, id: `${vector.id} #${copy}` })
        }
      }
    }
    assert.isAbove(attempts.length, 100)
    // Invalid frames close at once; frames the splitter is still waiting for close after
    // frameSeconds; noise a synchronized GT06 stream skips closes when idle.
    await Promise.all(
      attempts.map(({ connection }) => connection.closedWithin((IDLE_SECONDS + 2) * 1000))
    )
    for (const { connection, protocol, id } of attempts) {
      assert.isTrue(connection.isClosed, `${id}: closed by the server`)
      assert.equal(connection.receivedBytes, LOGIN_REPLY_BYTES[protocol], `${id}: no ack`)
    }
    assert.equal(await fuzzPositions(), 0)
    await goodDevicesStillServed(acks)
  }).timeout(30_000)

  test('random bytes, before and after a login, and hostile HTTP reports', async ({ assert }) => {
    const acks = goodFleet.stats.acksReceived
    const random = new Prng(7)
    const noise = () =>
      Buffer.from(Array.from({ length: random.int(1, 2000) }, () => random.int(0, 255)))
    const connections: RawConnection[] = []
    for (let i = 0; i < 30; i++) {
      for (const protocol of ['teltonika', 'gt06'] as const) {
        const anonymous = await RawConnection.open(ports()[protocol])
        anonymous.send(noise())
        const known = await loggedIn(protocol, i)
        known.send(noise())
        connections.push(anonymous, known)
      }
    }
    const http = await RawConnection.open(ports().osmand)
    http.send(noise())

    const osmand = `http://127.0.0.1:${ports().osmand}`
    const id = fuzzImei('osmand', 0)
    const hostile: [string, RequestInit, number][] = [
      [`/?id=${id}&lat=91&lon=24.7`, { method: 'POST' }, 400],
      [`/?id=${id}&lat=abc&lon=24.7`, { method: 'GET' }, 400],
      [`/?id=${id}&lat=59.4&lon=24.7&timestamp=yesterday`, { method: 'POST' }, 400],
      [`/?lat=59.4&lon=24.7`, { method: 'POST' }, 400],
      [`/?id=${'9'.repeat(500)}&lat=59.4&lon=24.7`, { method: 'POST' }, 400],
      [
        '/',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"device_id":' },
        400,
      ],
      [`/?id=${id}`, { method: 'POST', body: 'x'.repeat(100 * 1024) }, 413],
    ]
    for (const [path, init, status] of hostile) {
      const response = await fetch(`${osmand}${path}`, init).catch(() => null)
      // A 413 may surface as a reset connection once the server stops reading the body.
      if (response) assert.equal(response.status, status, path)
      else assert.equal(status, 413, path)
      await response?.arrayBuffer()
    }

    await Promise.all(connections.map((c) => c.closedWithin((IDLE_SECONDS + 2) * 1000)))
    assert.isTrue(await http.closedWithin(3000), 'HTTP garbage closed')
    for (const connection of connections) {
      assert.isTrue(connection.isClosed)
      assert.isAtMost(connection.receivedBytes, 10, 'only a login reply, never an ack')
    }
    assert.equal(await fuzzPositions(), 0)
    await goodDevicesStillServed(acks)
  }).timeout(30_000)

  test('absurd length prefixes are refused without waiting for the bytes', async ({ assert }) => {
    const acks = goodFleet.stats.acksReceived
    const attempts: { connection: RawConnection; within: number; what: string }[] = []
    const hugeLogin = await RawConnection.open(ports().teltonika)
    hugeLogin.send(Buffer.from('ffff3836303030303030', 'hex'))
    attempts.push({ connection: hugeLogin, within: 1000, what: 'Teltonika IMEI length 0xffff' })

    const hugeAvl = await loggedIn('teltonika', 1)
    hugeAvl.send(Buffer.from('000000007fffffff08010000016b40d8ea30', 'hex'))
    attempts.push({ connection: hugeAvl, within: 1000, what: 'Teltonika data length 0x7fffffff' })

    const hugeGt06 = await RawConnection.open(ports().gt06)
    hugeGt06.send(Buffer.from('7979ffff0101020304050607', 'hex'))
    attempts.push({ connection: hugeGt06, within: 1000, what: 'GT06 0x7979 length 0xffff' })

    const hugeGt06AfterLogin = await loggedIn('gt06', 2)
    hugeGt06AfterLogin.send(Buffer.from('7979fff022', 'hex'))
    attempts.push({ connection: hugeGt06AfterLogin, within: 1000, what: 'GT06 length 0xfff0' })

    const longShort = await loggedIn('gt06', 3)
    longShort.send(Buffer.from('7878ff220102030405', 'hex'))
    attempts.push({
      connection: longShort,
      within: (FRAME_SECONDS + 1.5) * 1000,
      what: 'GT06 0x7878 length 0xff, never completed',
    })

    await Promise.all(attempts.map(({ connection, within }) => connection.closedWithin(within)))
    for (const { connection, within, what } of attempts) {
      assert.isTrue(connection.isClosed, what)
      assert.isAtMost(connection.closedAt! - connection.openedAt, within + 500, what)
    }
    assert.equal(await fuzzPositions(), 0)
    await goodDevicesStillServed(acks)
  }).timeout(20_000)

  test('a sender trickling one byte at a time is cut after frameSeconds', async ({ assert }) => {
    const acks = goodFleet.stats.acksReceived
    const trickles = [
      { port: ports().teltonika, bytes: encodeTeltonikaLogin(fuzzImei('teltonika', 4)) },
      { port: ports().gt06, bytes: encodeGt06Login(fuzzImei('gt06', 4), 1) },
    ]
    const results = await Promise.all(
      trickles.map(async ({ port, bytes }) => {
        const connection = await RawConnection.open(port)
        let sent = 0
        while (sent < bytes.length && !connection.isClosed) {
          connection.send(bytes.subarray(sent, sent + 1))
          sent++
          await new Promise((resolve) => setTimeout(resolve, 400))
        }
        return { connection, sent, total: bytes.length }
      })
    )
    for (const { connection, sent, total } of results) {
      assert.isTrue(connection.isClosed, 'cut')
      assert.isBelow(sent, total, 'cut before the frame was complete')
      const lasted = (connection.closedAt! - connection.openedAt) / 1000
      assert.isAtLeast(lasted, FRAME_SECONDS - 0.1)
      assert.isAtMost(lasted, FRAME_SECONDS + 1.5)
      assert.equal(connection.receivedBytes, 0)
    }
    await goodDevicesStillServed(acks)
  }).timeout(20_000)

  test('1,000 half-open connections: a new device still logs in, memory and connections recover', async ({
    assert,
  }) => {
    const acks = goodFleet.stats.acksReceived
    const baseline = service.connections
    collectGarbage()
    const heapBefore = process.memoryUsage().heapUsed
    const rssBefore = process.memoryUsage().rss

    const storm: RawConnection[] = []
    for (let i = 0; i < 1000; i++) {
      const protocol = i % 2 === 0 ? 'teltonika' : 'gt06'
      const connection = await RawConnection.open(ports()[protocol])
      if (i % 4 >= 2) {
        const login =
          protocol === 'teltonika'
            ? encodeTeltonikaLogin(fuzzImei('teltonika', i))
            : encodeGt06Login(fuzzImei('gt06', i), 1)
        connection.send(login.subarray(0, login.length >> 1))
      }
      storm.push(connection)
    }
    await until(() => service.connections >= baseline + 900, 5000, 'storm connected')

    // A device that was not connected before logs in through the storm and gets acks.
    const [latecomer] = fleetVehicles(1, uniqueFirstImei(), 'teltonika')
    await registerFleet(companyName, [latecomer])
    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: ports(),
      vehicles: [latecomer],
      intervalSeconds: 1,
      speedup: 10,
      clockStart: new Date(Date.now() - 3_600_000),
      connectSpreadSeconds: 0,
    })
    fleet.start()
    try {
      await until(() => fleet.stats.recordsAcked >= 3, 5000, 'latecomer acked')
    } finally {
      await fleet.stop()
    }
    assert.equal(fleet.stats.errors, 0)
    await goodDevicesStillServed(acks)

    // Half logins are cut after frameSeconds, silent connections when idle.
    await until(() => service.connections <= baseline, (IDLE_SECONDS + 4) * 1000, 'storm cleared')
    const closedByServer = storm.filter((connection) => connection.isClosed).length
    for (const connection of storm) connection.destroy()
    assert.isAtLeast(closedByServer, 990)
    assert.equal(service.connections, baseline)

    collectGarbage()
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore
    const rssGrowth = process.memoryUsage().rss - rssBefore
    assert.isBelow(heapGrowth, 64 * 1024 * 1024, `heap grew ${heapGrowth} bytes`)
    assert.isBelow(rssGrowth, 256 * 1024 * 1024, `rss grew ${rssGrowth} bytes`)
    assert.equal(await fuzzPositions(), 0)
  }).timeout(30_000)

  test('the listener never crashed, and nothing from a garbage sender was stored', async ({
    assert,
  }) => {
    assert.deepEqual(uncaught, [])
    assert.equal(await fuzzPositions(), 0)
    const stats = goodFleet.snapshot()
    assert.equal(stats.reconnects, 0)
    assert.equal(stats.errors, 0)
    assert.isAbove(stats.recordsAcked, 20)
  })
})
