import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { deviceFix, eventually, startListener, TrackerClient } from '#tests/helpers/tracking'
import {
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'

const IMEI = '356307042449001'

test.group('Ingest: fix times', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })
  group.each.setup(async () => {
    await eventually(
      async () => listener.service.connections,
      (connections) => connections === 0
    )
    await listener.service.writer.drain()
    await db.from('devices').where('imei', IMEI).delete()
    listener.service.registry.invalidate()
  })

  async function connect() {
    const { company } = await createMember()
    const device = await registerDevice({
      company: company.name,
      imei: IMEI,
      name: 'clock',
      protocol: 'teltonika',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(encodeTeltonikaLogin(IMEI))
    await client.read(1)
    return { client, deviceId: device.id }
  }

  test('three records with out-of-range times in one packet are acknowledged and all stored', async ({
    assert,
  }) => {
    const { client, deviceId } = await connect()
    client.send(
      encodeTeltonikaRecords([
        deviceFix(new Date(Date.UTC(1980, 0, 6)), 41.01),
        deviceFix(new Date(Date.UTC(1999, 5, 1)), 41.02),
        deviceFix(new Date(Date.now() + 400 * 24 * 3600 * 1000), 41.03),
      ])
    )
    assert.equal((await client.read(4))?.toString('hex'), '00000003')
    const rows = await db.from('positions').where('device_id', deviceId).orderBy('fix_time')
    assert.lengthOf(rows, 3)
    assert.deepEqual(
      rows.map((row) => row.latitude),
      [41.01, 41.02, 41.03]
    )
    assert.isTrue(rows.every((row) => row.valid === false))
    assert.equal(rows[0].attributes.reportedFixTime, '1980-01-06T00:00:00.000Z')
    client.end()
  })

  test('a fix hours ahead is stored without moving the vehicle; real fixes after it do', async ({
    assert,
  }) => {
    const { client, deviceId } = await connect()
    client.send(encodeTeltonikaRecords([deviceFix(new Date(Date.now() - 60_000), 41.01)]))
    await client.read(4)
    const ahead = new Date(Date.now() + 3 * 3600 * 1000)
    client.send(encodeTeltonikaRecords([deviceFix(ahead, 45)]))
    assert.equal((await client.read(4))?.toString('hex'), '00000001')
    let state = await db.from('device_states').where('device_id', deviceId).firstOrFail()
    assert.equal(state.latitude, 41.01)

    client.send(encodeTeltonikaRecords([deviceFix(new Date(Date.now() - 1000), 41.05)]))
    await client.read(4)
    state = await db.from('device_states').where('device_id', deviceId).firstOrFail()
    assert.equal(state.latitude, 41.05, 'the next real fix moves the vehicle')

    const stored = await db
      .from('positions')
      .where('device_id', deviceId)
      .where('fix_time', ahead)
      .first()
    assert.equal(stored?.latitude, 45)
    client.end()
  })
})
