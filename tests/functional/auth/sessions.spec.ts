import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { SessionCollection, stores } from '@adonisjs/session'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, signIn, xsrfToken } from '#tests/helpers/http_session'
import { endSessionsOf } from '#services/user_sessions'

const settingsPage = '/backend/account/settings'

/** Whether this cookie header still opens a signed-in page. */
async function signedIn(cookie: string) {
  const response = await fetch(`${baseUrl()}${settingsPage}`, {
    headers: { cookie },
    redirect: 'manual',
  })
  return response.status === 200
}

/** Merges a response's Set-Cookie into a cookie header, as a browser would. */
function withCookies(cookie: string, response: Response) {
  const jar = new Map<string, string>()
  for (const pair of cookie.split('; ')) {
    const [name, value] = pair.split(/=(.*)/s)
    jar.set(name, value)
  }
  for (const set of response.headers.getSetCookie()) {
    const [name, value] = set.split(';')[0].split(/=(.*)/s)
    jar.set(name, value)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

function post(path: string, cookie: string, form: Record<string, string> = {}, method = 'POST') {
  return fetch(`${baseUrl()}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      'cookie': cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'x-xsrf-token': xsrfToken(cookie),
      'referer': `${baseUrl()}${settingsPage}`,
    },
    body: new URLSearchParams(form).toString(),
  })
}

test.group('Sessions can be revoked', () => {
  test('a copied cookie stops working after sign-out', async ({ assert }) => {
    const { user } = await createMember({ password: 'session-password' })
    const cookie = await signIn(user.email, 'session-password')
    const copy = cookie
    assert.isTrue(await signedIn(copy))
    const logout = await post('/logout', cookie)
    assert.equal(logout.status, 302)
    assert.isFalse(await signedIn(copy))
  })

  test("a password change ends the user's other sessions and keeps this one", async ({
    assert,
  }) => {
    const { user } = await createMember({ password: 'session-password' })
    const here = await signIn(user.email, 'session-password')
    const elsewhere = await signIn(user.email, 'session-password')
    const change = await post(
      `${settingsPage}/password`,
      here,
      {
        current_password: 'session-password',
        new_password: 'a-new-password-1',
        new_password_confirmation: 'a-new-password-1',
      },
      'PUT'
    )
    assert.equal(change.status, 302)
    assert.isFalse(await signedIn(elsewhere), 'the other session ended')
    assert.isFalse(await signedIn(here), 'the old id of this session is gone')
    assert.isTrue(await signedIn(withCookies(here, change)), 'this browser stays signed in')
  })

  test('"sign out everywhere" ends every session of the user', async ({ assert }) => {
    const { user } = await createMember({ password: 'session-password' })
    const here = await signIn(user.email, 'session-password')
    const elsewhere = await signIn(user.email, 'session-password')
    const response = await post('/logout/everywhere', here)
    assert.equal(response.status, 302)
    assert.equal(response.headers.get('location'), '/login')
    assert.isFalse(await signedIn(here))
    assert.isFalse(await signedIn(elsewhere))

    const other = await createMember({ password: 'session-password' })
    const untouched = await signIn(other.user.email, 'session-password')
    assert.isTrue(await signedIn(untouched), "another user's session is not touched")
  })

  test('the database store ends the tagged sessions of one user only', async ({ assert }) => {
    const { user } = await createMember()
    const other = await createMember()
    const database = await stores.database({ tableName: 'sessions' }).resolver(app)
    const collection = new SessionCollection({
      enabled: true,
      cookieName: 'test-session',
      age: '30d',
      cookie: {},
      store: 'database',
      stores: { database },
    })
    assert.isTrue(collection.supportsTagging())
    for (const id of ['s-kept', 's-ended', 's-other']) {
      await collection.tag(id, String(id === 's-other' ? other.user.id : user.id))
    }
    assert.equal(await endSessionsOf(user, 's-kept', collection), 1)
    const left = await db.from('sessions').whereIn('id', ['s-kept', 's-ended', 's-other'])
    assert.sameMembers(
      left.map((row) => row.id),
      ['s-kept', 's-other']
    )
  })
})
