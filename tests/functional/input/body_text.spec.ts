import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, signIn } from '#tests/helpers/http_session'

const BROKEN = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82])

/** A session of a real browser: its cookies and the CSRF token read from them. */
async function browserSession(email?: string) {
  let cookie: string
  if (email) {
    cookie = await signIn(email, 'secret-password')
  } else {
    const page = await fetch(`${baseUrl()}/signup`)
    cookie = page.headers
      .getSetCookie()
      .map((item) => item.split(';')[0])
      .join('; ')
  }
  const token = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''
  return { cookie, token: decodeURIComponent(token) }
}

async function send(
  session: { cookie: string; token: string },
  path: string,
  type: 'json' | 'form',
  body: Buffer,
  headers: Record<string, string> = {}
) {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      'accept': 'application/json',
      'cookie': session.cookie,
      'x-xsrf-token': session.token,
      'referer': `${baseUrl()}${path}`,
      ...headers,
    },
    body: new Uint8Array(body),
  })
}

const json = (before: string, middle: Buffer, after: string) =>
  Buffer.concat([Buffer.from(before), middle, Buffer.from(after)])

test.group('Request bodies: invalid UTF-8 and NUL characters are refused', () => {
  test('a driver named with invalid bytes is refused, in both languages', async ({ assert }) => {
    const { user, company } = await createMember()
    const session = await browserSession(user.email)
    const cases: [string, 'json' | 'form', Buffer, string][] = [
      [
        '/backend/settings/drivers',
        'json',
        json('{"name":"', BROKEN, '","status":"active"}'),
        'The request contains text that is not valid UTF-8. Please check what you entered and try again.',
      ],
      [
        '/tr/panel/ayarlar/suruculer',
        'json',
        json('{"name":"', BROKEN, '","status":"active"}'),
        'İstek geçerli UTF-8 olmayan metin içeriyor. Lütfen girdiğiniz bilgileri kontrol edip tekrar deneyin.',
      ],
      [
        '/backend/settings/drivers',
        'form',
        json('name=', BROKEN, '&status=active'),
        'The request contains text that is not valid UTF-8. Please check what you entered and try again.',
      ],
      [
        '/backend/settings/drivers',
        'form',
        Buffer.from('name=%FF%FE%C3%28&status=active'),
        'The request contains text that is not valid UTF-8. Please check what you entered and try again.',
      ],
      [
        '/backend/settings/drivers',
        'json',
        Buffer.from('{"name":"\\ud800x","status":"active"}'),
        'The request contains text that is not valid UTF-8. Please check what you entered and try again.',
      ],
      [
        '/backend/settings/drivers',
        'json',
        Buffer.from('{"name":"a\\u0000b","status":"active"}'),
        'The request contains characters that cannot be stored (a NUL character or broken text).',
      ],
      [
        '/tr/panel/ayarlar/suruculer',
        'form',
        Buffer.from('name=a%00b&status=active'),
        'İstek saklanamayan karakterler içeriyor (NUL karakteri veya bozuk metin).',
      ],
      [
        '/backend/settings/drivers',
        'json',
        json('{"', BROKEN, '":"x","name":"Ali","status":"active"}'),
        'The request contains text that is not valid UTF-8. Please check what you entered and try again.',
      ],
    ]
    for (const [path, type, body, message] of cases) {
      const response = await send(session, path, type, body)
      assert.equal(response.status, 400, `${path} ${type} ${body.toString('latin1')}`)
      assert.deepEqual(await response.json(), { error: message })
    }
    assert.lengthOf(await db.from('drivers').where('company_id', company.id), 0)

    // Valid UTF-8 (Turkish letters, an escaped é) is stored as sent.
    const valid = await send(
      session,
      '/backend/settings/drivers',
      'form',
      Buffer.from(`name=${encodeURIComponent('Ayşe Çelik')}&status=active`)
    )
    assert.equal(valid.status, 302)
    const validJson = await send(
      session,
      '/backend/settings/drivers',
      'json',
      Buffer.from('{"name":"Ren\\u00e9 Öz","status":"active"}')
    )
    assert.equal(validJson.status, 302)
    const names = await db.from('drivers').where('company_id', company.id).orderBy('id')
    assert.deepEqual(
      names.map((row) => row.name),
      ['Ayşe Çelik', 'René Öz']
    )
  })

  test('an Inertia form gets the message on its page', async ({ assert }) => {
    const { user, company } = await createMember()
    const session = await browserSession(user.email)
    const response = await send(
      session,
      '/backend/settings/drivers',
      'json',
      json('{"name":"', BROKEN, '","status":"active"}'),
      { 'x-inertia': 'true', 'accept': 'text/html, application/xhtml+xml' }
    )
    assert.equal(response.status, 302)
    assert.lengthOf(await db.from('drivers').where('company_id', company.id), 0)
  })

  test('an e-mail address with invalid bytes is refused before it is validated', async ({
    assert,
  }) => {
    const session = await browserSession()
    const local = `broken${Date.now()}`
    const response = await send(
      session,
      '/signup',
      'form',
      Buffer.concat([
        Buffer.from(`email=${local}`),
        BROKEN,
        Buffer.from(
          '%40example.com&password=secret-password&password_confirmation=secret-password&terms=on'
        ),
      ])
    )
    assert.equal(response.status, 400)
    assert.lengthOf(await db.from('users').whereILike('email', `${local}%`), 0)
  })
})
