import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import CompanySetting from '#models/company_setting'
import { SMS_PASSWORD_PURPOSE, sendCompanySms } from '#services/sms/company_sms'
import { smsEndpoints } from '#services/sms/sms_providers'
import { openSecret } from '#services/settings/secrets'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const page = '/backend/settings/sms-settings'
const pageTr = '/tr/panel/ayarlar/sms-ayarlari'

interface Seen {
  method: string
  url: URL
  body: string
}

/**
 * Local HTTP servers standing in for each provider's documented API: Netgsm's GET
 * /sms/send/get (plain-text "00 <jobid>" or an error code) and İleti Merkezi's POST
 * /v1/send-sms/json (JSON response.status.code).
 */
async function providerStandIns() {
  const seen: Seen[] = []
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => resolve(body))
    })
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://localhost')
    const body = await read(request)
    seen.push({ method: request.method!, url, body })
    if (url.pathname === '/sms/send/get') {
      const ok =
        url.searchParams.get('usercode') === '8501234567' &&
        url.searchParams.get('password') === 'netgsm-pass'
      response.end(ok ? '00 1234567890' : '30')
      return
    }
    if (url.pathname === '/v1/send-sms/json') {
      const { request: payload } = JSON.parse(body)
      const ok =
        payload.authentication.username === 'ileti-user' &&
        payload.authentication.password === 'ileti-pass'
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify(
          ok
            ? {
                response: {
                  status: { code: '200', message: 'İşlem başarılı' },
                  order: { id: '9876' },
                },
              }
            : { response: { status: { code: '401', message: 'Üyelik bilgileri hatalı' } } }
        )
      )
      return
    }
    response.statusCode = 404
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const previous = { ...smsEndpoints }
  smsEndpoints.netgsm = `${base}/sms/send/get`
  smsEndpoints.iletimerkezi = `${base}/v1/send-sms/json`
  return {
    seen,
    close: async () => {
      Object.assign(smsEndpoints, previous)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

test.group('SMS settings', (group) => {
  let standIns: Awaited<ReturnType<typeof providerStandIns>>
  group.each.setup(async () => {
    standIns = await providerStandIns()
    return () => standIns.close()
  })

  test('Netgsm: settings saved (password encrypted, never shown) and a test SMS sent', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const saved = await client
      .put(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({
        sms_provider: 'netgsm',
        sms_username: '8501234567',
        sms_password: 'netgsm-pass',
        sms_header: 'FLEETCO',
      })
      .redirects(0)
    saved.assertFlashMessage('success', 'Form submitted successfully.')
    const settings = await CompanySetting.findOrFail(company.id)
    assert.notEqual(settings.smsPassword, 'netgsm-pass')
    assert.equal(openSecret(settings.smsPassword, SMS_PASSWORD_PURPOSE), 'netgsm-pass')
    const shown = await client.get(page).loginAs(user).withInertia()
    assert.notInclude(JSON.stringify(shown.inertiaProps), 'netgsm-pass')
    assert.isTrue(shown.inertiaProps.values.has_password)

    const sent = await client
      .post(`${page}/test`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ phone: '+905321234567' })
      .redirects(0)
    sent.assertFlashMessage(
      'success',
      'Test SMS sent to +905321234567. Netgsm answered: 1234567890'
    )
    const call = standIns.seen.at(-1)!
    assert.equal(call.method, 'GET')
    assert.equal(call.url.searchParams.get('gsmno'), '905321234567')
    assert.equal(call.url.searchParams.get('msgheader'), 'FLEETCO')
    assert.include(call.url.searchParams.get('message')!, company.name)
  })

  test('İleti Merkezi: a test SMS, and a wrong password reported in both languages', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await client
      .put(pageTr)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({
        sms_provider: 'iletimerkezi',
        sms_username: 'ileti-user',
        sms_password: 'wrong',
        sms_header: 'FLEETCO',
      })
      .redirects(0)
    const refused = await client
      .post(`${pageTr}/test`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({ phone: '+905321234567' })
      .redirects(0)
    refused.assertFlashMessage(
      'error',
      'İleti Merkezi kullanıcı adını veya şifreyi kabul etmedi (kod 401): Üyelik bilgileri hatalı'
    )
    await client
      .put(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({
        sms_provider: 'iletimerkezi',
        sms_username: 'ileti-user',
        sms_password: 'ileti-pass',
        sms_header: 'FLEETCO',
      })
      .redirects(0)
    const sent = await client
      .post(`${page}/test`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ phone: '+905321234567' })
      .redirects(0)
    sent.assertFlashMessage(
      'success',
      'Test SMS sent to +905321234567. İleti Merkezi answered: 9876'
    )
    const payload = JSON.parse(standIns.seen.at(-1)!.body).request
    assert.equal(payload.order.sender, 'FLEETCO')
    assert.deepEqual(payload.order.message.receipents.number, ['905321234567'])

    // The same through the service the notifications use.
    const result = await sendCompanySms(company.id, ['+905551112233'], 'hello')
    assert.isTrue(result!.ok)
  })

  test('numbers must be E.164; bad settings are field errors; nothing is sent', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const bad = await client
      .put(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ sms_provider: 'acme', sms_username: '', sms_header: 'WAY-TOO-LONG-HEADER' })
      .redirects(0)
    const errors = inputErrors(bad)
    assert.deepEqual(errors.sms_provider, ['Please choose a valid Provider.'])
    assert.deepEqual(errors.sms_username, ['The User name field is required.'])
    assert.deepEqual(errors.sms_header, ['The Header must not be longer than 11 characters.'])
    assert.isNull(await CompanySetting.find(company.id))

    for (const [path, phone, message] of [
      [
        page,
        '05321234567',
        'Please enter the phone number in international format, e.g. +905321234567.',
      ],
      [
        pageTr,
        '+90 532 123',
        'Lütfen telefon numarasını uluslararası biçimde girin, örn. +905321234567.',
      ],
    ]) {
      const response = await client
        .post(`${path}/test`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ phone })
        .redirects(0)
      assert.deepEqual(inputErrors(response).phone, [message])
    }
    assert.lengthOf(standIns.seen, 0)
  })

  test('a manager cannot change the SMS settings', async ({ client, assert }) => {
    const { company } = await createMember({ role: 'owner' })
    const User = (await import('#models/user')).default
    const { addMember } = await import('#actions/accounts/team_membership')
    const manager = await User.create({
      email: `mgr-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(company, manager, 'manager')
    const response = await client
      .put(page)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', page)
      .json({ sms_provider: 'netgsm', sms_username: 'x', sms_password: 'y', sms_header: 'H' })
      .redirects(0)
    response.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNull(await CompanySetting.find(company.id))
  })
})
