import { test } from '@japa/runner'
import { UserGate, UserGateTimeoutError } from '#services/db/user_gate'

const tick = () => new Promise((resolve) => setImmediate(resolve))

test.group('One user’s share of heavy requests', () => {
  test('at most the limit run at once; the next wait in order; others never wait', async ({
    assert,
  }) => {
    const gate = new UserGate(2, 5_000)
    const first = await gate.enter('7')
    const second = await gate.enter('7')
    const order: string[] = []
    const third = gate.enter('7').then((release) => (order.push('third'), release))
    const fourth = gate.enter('7').then((release) => (order.push('fourth'), release))
    await tick()
    assert.deepEqual(gate.stateOf('7'), { running: 2, waiting: 2 })
    assert.deepEqual(order, [])

    // Another user is not behind this one.
    const other = await gate.enter('8')
    assert.deepEqual(gate.stateOf('8'), { running: 1, waiting: 0 })
    other()

    first()
    await tick()
    assert.deepEqual(order, ['third'])
    // A release called twice gives back one place only.
    first()
    await tick()
    assert.deepEqual(order, ['third'])
    assert.deepEqual(gate.stateOf('7'), { running: 2, waiting: 1 })

    second()
    await tick()
    assert.deepEqual(order, ['third', 'fourth'])
    ;(await third)()
    ;(await fourth)()
    assert.deepEqual(gate.stateOf('7'), { running: 0, waiting: 0 })
    // A newcomer after everyone left runs at once.
    ;(await gate.enter('7'))()
  })

  test('a request that waits longer than its time fails, and its place stays free', async ({
    assert,
  }) => {
    const gate = new UserGate(1, 30)
    const running = await gate.enter('7')
    await assert.rejects(() => gate.enter('7'), UserGateTimeoutError as any)
    assert.deepEqual(gate.stateOf('7'), { running: 1, waiting: 0 })
    running()
    assert.deepEqual(gate.stateOf('7'), { running: 0, waiting: 0 })
    ;(await gate.enter('7'))()
  })
})
