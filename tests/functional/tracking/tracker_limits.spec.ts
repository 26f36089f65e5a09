import { test } from '@japa/runner'
import net from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually, startListener } from '#tests/helpers/tracking'
import { encodeTeltonikaLogin } from '#tracking/simulator/teltonika_device_encoder'

const IMEI = '356307042447001'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A connection from a given local address (127.0.0.x), reporting when the server closes it. */
function connectFrom(port: number, localAddress: string) {
  return new Promise<{ socket: net.Socket; closed: () => boolean }>((resolve, reject) => {
    let closed = false
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () =>
      resolve({ socket, closed: () => closed })
    )
    socket.on('close', () => (closed = true))
    socket.on('error', () => {})
    socket.once('error', reject)
  })
}

test.group('Tracker listener limits', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener({
      limits: { handshakeSeconds: 1, maxPerAddress: 3, maxConnections: 6 },
    })
    return () => listener.service.stop()
  })
  group.each.setup(async () => {
    await eventually(
      async () => listener.service.connections,
      (count) => count === 0,
      5000
    )
  })

  test('a connection that never logs in is closed after the handshake time; a logged-in one stays', async ({
    assert,
  }) => {
    const { company } = await createMember()
    await db.from('devices').where('imei', IMEI).delete()
    listener.service.registry.invalidate()
    await registerDevice({
      company: company.name,
      imei: IMEI,
      name: 'limits',
      protocol: 'teltonika',
    })
    const port = listener.service.boundPorts.teltonika
    const silent = await connectFrom(port, '127.0.0.1')
    const device = await TrackerClient.connect(port)
    device.send(encodeTeltonikaLogin(IMEI))
    assert.equal((await device.read(1))?.toString('hex'), '01')
    await sleep(1800)
    assert.isTrue(silent.closed(), 'the silent socket was closed')
    assert.isFalse(device.closed, 'the logged-in device is kept')
    device.end()
  })

  test('connections beyond the cap of one address are refused; other addresses still get in', async ({
    assert,
  }) => {
    const port = listener.service.boundPorts.teltonika
    const held = []
    for (let i = 0; i < 3; i++) held.push(await connectFrom(port, '127.0.0.2'))
    const fourth = await connectFrom(port, '127.0.0.2')
    await sleep(200)
    assert.isTrue(fourth.closed(), 'the fourth from 127.0.0.2 is refused')
    assert.isFalse(held.some((connection) => connection.closed()))
    const other = await connectFrom(port, '127.0.0.3')
    await sleep(200)
    assert.isFalse(other.closed(), 'another address is accepted')
    for (const connection of [...held, other]) connection.socket.destroy()
  })

  test('at the connection budget (descriptor reserve) new connections are refused on every port', async ({
    assert,
  }) => {
    const { teltonika, gt06, osmand } = listener.service.boundPorts
    const held = []
    for (let i = 0; i < 6; i++)
      held.push(await connectFrom(i % 2 ? gt06 : teltonika, `127.0.1.${i}`))
    await sleep(100)
    const refused = [
      await connectFrom(teltonika, '127.0.2.1'),
      await connectFrom(gt06, '127.0.2.2'),
      await connectFrom(osmand, '127.0.2.3'),
    ]
    await sleep(200)
    assert.isTrue(refused.every((connection) => connection.closed()))
    for (const connection of held) connection.socket.destroy()
    await eventually(
      async () => listener.service.connections,
      (count) => count === 0
    )
    const again = await connectFrom(teltonika, '127.0.2.1')
    await sleep(200)
    assert.isFalse(again.closed(), 'places are freed when connections close')
    again.socket.destroy()
  })
})
