import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'
import { requestLimits } from '#config/database'
import { heavyRequestGate } from '#middleware/heavy_request_middleware'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test.group('One user’s share of heavy requests', () => {
  test('a user’s report page waits while that user’s places are taken; another user’s does not', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const other = await createMember()
    const gate = heavyRequestGate()
    const key = String(user.id)
    // That user's other requests hold every place.
    const places = []
    for (let index = 0; index < requestLimits.heavyRequestsPerUser; index++) {
      places.push(await gate.enter(key))
    }
    let answeredAt = 0
    const waiting = client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .loginAs(user)
      .then((response) => ((answeredAt = Date.now()), response))

    const free = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .loginAs(other.user)
    free.assertStatus(200)
    await sleep(300)
    assert.equal(answeredAt, 0)
    assert.deepEqual(gate.stateOf(key), {
      running: requestLimits.heavyRequestsPerUser,
      waiting: 1,
    })

    const releasedAt = Date.now()
    places.shift()!()
    const response = await waiting
    response.assertStatus(200)
    assert.isAtLeast(answeredAt, releasedAt)
    for (const release of places) release()
    // The answered request gave its place back once written.
    await sleep(50)
    assert.deepEqual(gate.stateOf(key), { running: 0, waiting: 0 })
  })
})
