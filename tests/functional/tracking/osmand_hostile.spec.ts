import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { TrackingService } from '#tracking/tracking_service'
import { TransmitPublisher } from '#tracking/server/transmit_publisher'
import { RawConnection } from './helpers/raw_connection.js'
import { recordingLogger } from './helpers/recording_logger.js'
import { ephemeralTrackingPorts } from '#tracking/protocols/registry'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function answer(port: number, bytes: string, waitMs = 500) {
  const connection = await RawConnection.open(port)
  connection.socket.write(bytes)
  await connection.closedWithin(waitMs)
  const text = Buffer.concat(connection.received).toString('latin1')
  connection.socket.destroy()
  return text
}

test.group('OsmAnd port under hostile HTTP', (group) => {
  const { logger, lines } = recordingLogger()
  let service: TrackingService
  let port: number
  group.setup(async () => {
    service = new TrackingService({
      host: '127.0.0.1',
      ports: ephemeralTrackingPorts(),
      logger,
      publisher: new TransmitPublisher(() => {}),
      poolSize: 2,
    })
    await service.start()
    port = service.boundPorts.osmand
    return () => service.stop()
  })
  group.each.setup(() => {
    lines.length = 0
  })

  test('a bad request line answers 400 and logs no error', async ({ assert }) => {
    const reply = await answer(port, 'GET //[::1 HTTP/1.1\r\nHost: x\r\n\r\n')
    assert.match(reply, /^HTTP\/1\.1 400 /)
    const garbage = await answer(port, 'GE\x00T / HTTP/9.9\r\n\r\n')
    assert.match(garbage, /^HTTP\/1\.1 400 /)
    assert.deepEqual(
      lines.filter((line) => line.level === 'error' || line.level === 'fatal'),
      []
    )
  })

  test('a client sending hundreds of faults writes a line or two of warnings, no error', async ({
    assert,
  }) => {
    for (let i = 0; i < 60; i++) {
      const aborted = await RawConnection.open(port)
      aborted.socket.write(
        'POST /?id=1 HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nonly-a-part'
      )
      await sleep(2)
      aborted.socket.destroy()
      await answer(port, `GET //[::${i} HTTP/1.1\r\nHost: x\r\n\r\n`, 200)
      await answer(port, '\x16\x03\x01 not http at all\r\n\r\n', 200)
    }
    await sleep(200)
    assert.deepEqual(
      lines.filter((line) => line.level === 'error' || line.level === 'fatal'),
      []
    )
    assert.isAtMost(lines.length, 3, JSON.stringify(lines.map((line) => line.message)))
    assert.isAtLeast(lines.length, 1, 'the fault is still reported once')
  })

  test('repeated id or lat parameters are refused, nothing is stored', async ({ assert }) => {
    const { company } = await createMember()
    const first = await registerDevice({
      company: company.name,
      imei: 'osmand-hostile-1',
      name: 'Phone 1',
      protocol: 'osmand',
    })
    await db.from('devices').where('imei', 'osmand-hostile-2').delete()
    const second = await registerDevice({
      company: company.name,
      imei: 'osmand-hostile-2',
      name: 'Phone 2',
      protocol: 'osmand',
    })
    const base = `http://127.0.0.1:${port}`
    for (const query of [
      'id=osmand-hostile-1&id=osmand-hostile-2&lat=41&lon=29',
      'id=osmand-hostile-1&lat=41&lat=59&lon=29',
      'id=osmand-hostile-1&deviceid=osmand-hostile-2&lat=41&lon=29',
    ]) {
      const response = await fetch(`${base}/?${query}`, { method: 'POST' })
      assert.equal(response.status, 400, query)
    }
    const [{ total }] = await db
      .from('positions')
      .whereIn('device_id', [first.id, second.id])
      .count('* as total')
    assert.equal(Number(total), 0)
    const ok = await fetch(`${base}/?id=osmand-hostile-1&lat=41&lon=29`, { method: 'POST' })
    assert.equal(ok.status, 200)
  })
})
