import net from 'node:net'
import { test } from '@japa/runner'
import {
  decodeTeltonikaLogin,
  decodeTeltonikaPacket,
} from '#tracking/protocols/teltonika/teltonika_decoder'
import { TeltonikaFrameDecoder } from '#tracking/protocols/teltonika/teltonika_frame_decoder'
import { encodeAck, encodeCodec12Command } from '#tracking/protocols/teltonika/teltonika_encoder'
import {
  SimulatedFleet,
  fleetVehicles,
  type FleetVehicle,
  type SimulatedFleetOptions,
} from '#tracking/simulator/simulated_fleet'

/**
 * A minimal Teltonika server: accepts the IMEIs it is given, acks packets, and can drop a
 * connection instead of acking its n-th packet (a lost ack) or send a command after login.
 */
class FakeTeltonikaServer {
  readonly server: net.Server
  readonly connections: { imei: string | null; times: number[]; packets: number[][] }[] = []
  readonly responses: string[] = []

  constructor(
    accepted: Set<string>,
    options: { dropBeforeAckOfPacket?: number; command?: string } = {}
  ) {
    this.server = net.createServer((socket) => {
      const connection = {
        imei: null as string | null,
        times: [] as number[],
        packets: [] as number[][],
      }
      this.connections.push(connection)
      const frames = new TeltonikaFrameDecoder()
      let packets = 0
      socket.on('error', () => {})
      socket.on('data', (chunk) => {
        for (const frame of frames.push(chunk)) {
          if (frame.kind === 'login') {
            const login = decodeTeltonikaLogin(frame.data)
            const ok = login.ok && accepted.has(login.imei)
            connection.imei = login.ok ? login.imei : null
            socket.write(Buffer.from([ok ? 1 : 0]))
            if (!ok) socket.end()
            else if (options.command) socket.write(encodeCodec12Command(options.command))
            continue
          }
          if (frame.kind !== 'avl') continue
          const packet = decodeTeltonikaPacket(frame.data, connection.imei ?? '')
          if (packet.kind === 'responses') {
            this.responses.push(...packet.responses.map((response) => response.text))
            continue
          }
          if (packet.kind !== 'records') throw new Error(packet.reason)
          packets++
          const times = packet.positions.map((p) => p.fixTime.getTime())
          connection.packets.push(times)
          connection.times.push(...times)
          const drop = this.connections.length === 1 && packets === options.dropBeforeAckOfPacket
          if (drop) socket.destroy()
          else socket.write(encodeAck(packet.recordCount))
        }
      })
    })
  }

  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () =>
        resolve((this.server.address() as net.AddressInfo).port)
      )
    })
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** One vehicle against the fake server until `done` holds; then the fleet stops, the server closes. */
async function drive(
  server: FakeTeltonikaServer,
  vehicle: FleetVehicle,
  options: Omit<SimulatedFleetOptions, 'host' | 'ports' | 'vehicles'>,
  done: (fleet: SimulatedFleet) => boolean
): Promise<SimulatedFleet> {
  const port = await server.listen()
  const fleet = new SimulatedFleet({
    host: '127.0.0.1',
    ports: { teltonika: port },
    vehicles: [vehicle],
    connectSpreadSeconds: 0,
    ...options,
  })
  try {
    fleet.start()
    await until(() => done(fleet))
  } finally {
    await fleet.stop()
    await server.close()
  }
  return fleet
}

test.group('Simulator: fleet client behaviour', () => {
  test('a record whose ack was lost is sent again after the reconnection', async ({ assert }) => {
    const [vehicle] = fleetVehicles(1, '860000000000001', 'teltonika')
    const server = new FakeTeltonikaServer(new Set([vehicle.imei]), { dropBeforeAckOfPacket: 3 })
    const fleet = await drive(
      server,
      vehicle,
      {
        intervalSeconds: 10,
        speedup: 500,
        reconnectMinSeconds: 0.02,
      },
      (running) => running.stats.recordsAcked >= 10
    )
    const [first, second] = server.connections
    assert.lengthOf(first.packets, 3)
    for (const time of first.packets[2]) {
      assert.include(second.times, time, 'the unacknowledged records are resent')
    }
    const stats = fleet.snapshot()
    assert.equal(stats.reconnects, 1)
    assert.equal(stats.errors, 1)
    assert.equal(stats.loginsAccepted, 2)
    const stored = new Set([...first.times, ...second.times]).size
    assert.isAtMost(stats.recordsAcked, stored)
    assert.equal(stats.online, 0)
  })

  test('an unpaced vehicle sends its buffered records, one second apart, in each packet', async ({
    assert,
  }) => {
    const [vehicle] = fleetVehicles(1, '860000000000005', 'teltonika')
    const server = new FakeTeltonikaServer(new Set([vehicle.imei]))
    await drive(
      server,
      vehicle,
      {
        intervalSeconds: 1,
        unpaced: true,
        unpacedRecords: 10,
      },
      (running) => running.stats.recordsAcked >= 30
    )
    const packets = server.connections[0].packets
    assert.isAtLeast(packets.length, 3)
    for (const times of packets) {
      assert.lengthOf(times, 10)
      times.slice(1).forEach((time, index) => assert.equal(time - times[index], 1000))
    }
  })

  test('a refused IMEI is retried with backoff and counted', async ({ assert }) => {
    const [vehicle] = fleetVehicles(1, '860000000000002', 'teltonika')
    const server = new FakeTeltonikaServer(new Set())
    const fleet = await drive(
      server,
      vehicle,
      {
        intervalSeconds: 1,
        reconnectMinSeconds: 0.05,
        reconnectMaxSeconds: 0.2,
      },
      (running) => running.stats.loginsRejected >= 3
    )
    assert.equal(fleet.stats.recordsAcked, 0)
    assert.equal(fleet.stats.loginsAccepted, 0)
  })

  test('nothing listening: connection errors and reconnect attempts, no crash', async ({
    assert,
  }) => {
    const probe = net.createServer()
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port))
    )
    await new Promise((resolve) => probe.close(resolve))
    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: { gt06: port, osmand: port },
      vehicles: [
        ...fleetVehicles(1, '860000000000003', 'gt06'),
        { ...fleetVehicles(1, '860000000000004', 'osmand')[0], index: 1 },
      ],
      intervalSeconds: 1,
      speedup: 10,
      reconnectMinSeconds: 0.02,
      reconnectMaxSeconds: 0.05,
      connectSpreadSeconds: 0,
    })
    fleet.start()
    await until(() => fleet.stats.reconnects >= 6)
    await fleet.stop()
    assert.isAtLeast(fleet.stats.errors, 6)
    assert.equal(fleet.stats.online, 0)
  })

  test('a command is answered with a Codec 12 response and drives the relay', async ({
    assert,
  }) => {
    const [vehicle] = fleetVehicles(1, '860000000000005', 'teltonika')
    const server = new FakeTeltonikaServer(new Set([vehicle.imei]), { command: 'setdigout 1' })
    const fleet = await drive(
      server,
      vehicle,
      {
        intervalSeconds: 10,
        speedup: 100,
      },
      (running) => server.responses.length > 0 && running.stats.recordsAcked >= 3
    )
    assert.deepEqual(server.responses, ['DOUT1:1 DOUT2:0'])
    assert.equal(fleet.stats.commandsAnswered, 1)
  })
})
