import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, openEventStream, signIn, xsrfToken } from '#tests/helpers/http_session'
import { inboxChannel } from '#services/notifications/channels'

function subscribe(cookie: string, uid: string, channel: string) {
  return fetch(`${baseUrl()}/__transmit/subscribe`, {
    method: 'POST',
    headers: {
      'cookie': cookie,
      'content-type': 'application/json',
      'accept': 'application/json',
      'x-xsrf-token': xsrfToken(cookie),
    },
    body: JSON.stringify({ uid, channel }),
    redirect: 'manual',
  })
}

test.group('Inbox channel', () => {
  test('a member follows their own inbox channel live, never another member’s', async ({
    assert,
    cleanup,
  }) => {
    const { user } = await createMember({ password: 'inbox-password' })
    const other = await createMember()
    const cookie = await signIn(user.email, 'inbox-password')
    const uid = randomUUID()
    const stream = await openEventStream(`/__transmit/events?uid=${uid}`, cookie)
    cleanup(() => stream.close())

    const own = await subscribe(cookie, uid, inboxChannel(user.id))
    assert.equal(own.status, 204)
    const foreign = await subscribe(cookie, uid, inboxChannel(other.user.id))
    assert.notEqual(foreign.status, 204)

    const marker = randomUUID()
    transmit.broadcast(inboxChannel(user.id), { type: 'notification', unread: 1, marker })
    transmit.broadcast(inboxChannel(other.user.id), {
      type: 'notification',
      unread: 1,
      marker: 'leak',
    })
    const received = await stream.text(300)
    assert.include(received, marker)
    assert.notInclude(received, 'leak')
  })
})
