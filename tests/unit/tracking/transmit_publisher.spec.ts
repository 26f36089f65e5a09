import { test } from '@japa/runner'
import { TransmitPublisher } from '#tracking/server/transmit_publisher'
import type { LiveBroadcast } from '#tracking/live_channel'
import { liveMessagesOf } from '#shared/live_broadcast'
import { initialLiveState } from '#tracking/pipeline/live_state'
import type { DeviceContext } from '#tracking/pipeline/enrich'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

function device(id: number, companyId: number) {
  return { id, companyId } as DeviceContext
}

function recorder() {
  const broadcasts: { channel: string; message: LiveBroadcast }[] = []
  const publisher = new TransmitPublisher((channel, message) =>
    broadcasts.push({ channel, message })
  )
  return { publisher, broadcasts }
}

test.group('Live publisher', () => {
  test('what one moment committed goes out as one broadcast per company, in order', async ({
    assert,
  }) => {
    const { publisher, broadcasts } = recorder()
    const state = { ...initialLiveState(), fixTime: Date.UTC(2026, 10, 28), latitude: 41 }
    publisher.position(device(1, 7), state)
    publisher.event(device(1, 7), {
      time: new Date(Date.UTC(2026, 10, 28)),
      code: '106',
      state: 'A',
      latitude: 41,
      longitude: 29,
      attributes: {},
    })
    publisher.position(device(2, 8), state)
    publisher.position(device(3, 7), state)
    assert.lengthOf(broadcasts, 0)

    await nextTurn()
    assert.deepEqual(
      broadcasts.map((entry) => entry.channel),
      ['companies/7/live', 'companies/8/live']
    )
    const [first, second] = broadcasts.map((entry) => entry.message)
    assert.equal(first.type, 'batch')
    assert.deepEqual(
      liveMessagesOf(first).map((message) => [message.type, message.deviceId]),
      [
        ['position', 1],
        ['event', 1],
        ['position', 3],
      ]
    )
    // A lone message goes as itself.
    assert.equal(second.type, 'position')
    assert.deepEqual(liveMessagesOf(second), [second as never])
  })

  test('flush sends at once and nothing is sent twice', async ({ assert }) => {
    const { publisher, broadcasts } = recorder()
    publisher.offline(7, 1)
    publisher.flush()
    assert.deepEqual(broadcasts, [
      { channel: 'companies/7/live', message: { type: 'status', deviceId: 1, online: false } },
    ])
    await nextTurn()
    assert.lengthOf(broadcasts, 1)
  })
})

test.group('Live publisher: vehicle group channels', () => {
  test("a grouped vehicle's messages also go on its group's channel, and only its", async ({
    assert,
  }) => {
    const { publisher, broadcasts } = recorder()
    const state = { ...initialLiveState(), fixTime: Date.UTC(2026, 10, 28), latitude: 41 }
    publisher.position({ ...device(1, 7), groupId: 3 }, state)
    publisher.position({ ...device(2, 7), groupId: 4 }, state)
    publisher.position({ ...device(5, 7), groupId: null }, state)
    await nextTurn()
    const channels = new Map(broadcasts.map((entry) => [entry.channel, entry.message]))
    assert.sameMembers(
      [...channels.keys()],
      ['companies/7/live', 'companies/7/groups/3/live', 'companies/7/groups/4/live']
    )
    assert.deepEqual(
      liveMessagesOf(channels.get('companies/7/groups/3/live')!).map((m) => m.deviceId),
      [1]
    )
    assert.lengthOf(liveMessagesOf(channels.get('companies/7/live')!), 3)

    // A later status of the vehicle follows it to its group's channel.
    broadcasts.length = 0
    publisher.offline(7, 2)
    publisher.flush()
    assert.sameMembers(
      broadcasts.map((entry) => entry.channel),
      ['companies/7/live', 'companies/7/groups/4/live']
    )
  })
})
