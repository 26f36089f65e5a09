import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import { companyLiveChannel } from '#tracking/live_channel'
import { createMember } from '#tests/helpers/accounts'
import {
  anonymousSession,
  baseUrl,
  openEventStream,
  signIn,
  xsrfToken,
} from '#tests/helpers/http_session'

function subscribe(cookie: string, uid: string, channel: string, withToken = true) {
  return fetch(`${baseUrl()}/__transmit/subscribe`, {
    method: 'POST',
    headers: {
      'cookie': cookie,
      'content-type': 'application/json',
      'accept': 'application/json',
      ...(withToken ? { 'x-xsrf-token': xsrfToken(cookie) } : {}),
    },
    body: JSON.stringify({ uid, channel }),
    redirect: 'manual',
  })
}

function secret(companyId: number) {
  return { type: 'status', deviceId: companyId, online: true, marker: randomUUID() }
}

test.group('Live channels are bound to the session', () => {
  test('a member receives their company channel on their own stream', async ({
    assert,
    cleanup,
  }) => {
    const { user, company } = await createMember({ password: 'live-password' })
    const cookie = await signIn(user.email, 'live-password')
    const uid = randomUUID()
    const stream = await openEventStream(`/__transmit/events?uid=${uid}`, cookie)
    cleanup(() => stream.close())
    assert.equal(stream.status, 200)
    const subscribed = await subscribe(cookie, uid, companyLiveChannel(company.id))
    assert.equal(subscribed.status, 204)

    const message = secret(company.id)
    transmit.broadcast(companyLiveChannel(company.id), message)
    assert.include(await stream.text(300), message.marker)
  })

  test("a member cannot attach someone else's anonymous stream to the company channel", async ({
    assert,
    cleanup,
  }) => {
    const { user, company } = await createMember({ password: 'live-password' })
    const member = await signIn(user.email, 'live-password')
    const visitor = await anonymousSession()
    const uid = randomUUID()
    const stream = await openEventStream(`/__transmit/events?uid=${uid}`, visitor)
    cleanup(() => stream.close())
    assert.equal(stream.status, 200)

    const attach = await subscribe(member, uid, companyLiveChannel(company.id))
    assert.equal(attach.status, 400, 'the uid names no stream of the member’s session')
    const own = await subscribe(visitor, uid, companyLiveChannel(company.id))
    assert.equal(own.status, 400, 'an anonymous session may not read a company channel')

    const message = secret(company.id)
    transmit.broadcast(companyLiveChannel(company.id), message)
    assert.notInclude(await stream.text(300), message.marker)
  })

  test('subscribing without the CSRF token is refused', async ({ assert, cleanup }) => {
    const { user, company } = await createMember({ password: 'live-password' })
    const cookie = await signIn(user.email, 'live-password')
    const uid = randomUUID()
    const stream = await openEventStream(`/__transmit/events?uid=${uid}`, cookie)
    cleanup(() => stream.close())
    const response = await subscribe(cookie, uid, companyLiveChannel(company.id), false)
    assert.include([302, 403, 419], response.status)

    const message = secret(company.id)
    transmit.broadcast(companyLiveChannel(company.id), message)
    assert.notInclude(await stream.text(300), message.marker)
  })

  test('a stream needs a well-formed uid', async ({ assert }) => {
    const visitor = await anonymousSession()
    const missing = await fetch(`${baseUrl()}/__transmit/events`, { headers: { cookie: visitor } })
    assert.equal(missing.status, 400)
  })
})
