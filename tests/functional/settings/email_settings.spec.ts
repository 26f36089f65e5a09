import { test } from '@japa/runner'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import env from '#start/env'
import CompanySetting from '#models/company_setting'
import { mailerForCompany, SMTP_PASSWORD_PURPOSE } from '#services/mail/company_mailer'
import { openSecret } from '#services/settings/secrets'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

const page = '/backend/settings/email-settings'
const pageTr = '/tr/panel/ayarlar/eposta-ayarlari'

/** An SMTP server that wants a login and accepts only fleet / right-password. */
async function strictServer() {
  const received: string[] = []
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'fleet' && auth.password === 'right-password') {
        return callback(null, { user: auth.username })
      }
      const error = new Error('5.7.8 Authentication credentials invalid') as Error & {
        responseCode: number
      }
      error.responseCode = 535
      return callback(error)
    },
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test.group('E-mail settings (the company SMTP server)', () => {
  test('the password is stored encrypted and never sent back to the browser', async ({
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
        smtp_host: 'smtp.example.com',
        smtp_port: 587,
        smtp_user: 'fleet',
        smtp_password: 'very-secret-password',
        smtp_sender_name: 'Fleet Ops',
        smtp_sender_email: 'ops@example.com',
      })
      .redirects(0)
    saved.assertFlashMessage('success', 'SMTP settings updated successfully.')
    const settings = await CompanySetting.findOrFail(company.id)
    assert.notInclude(settings.smtpPassword!, 'very-secret-password')
    assert.equal(openSecret(settings.smtpPassword, SMTP_PASSWORD_PURPOSE), 'very-secret-password')

    const shown = await client.get(page).loginAs(user).withInertia()
    shown.assertInertiaComponent('settings/email_settings')
    assert.notInclude(JSON.stringify(shown.inertiaProps), 'very-secret')
    assert.notInclude(JSON.stringify(shown.inertiaProps), settings.smtpPassword!)
    assert.isTrue(shown.inertiaProps.values.has_password)
    assert.equal(shown.inertiaProps.values.smtp_host, 'smtp.example.com')

    // Saving without a password keeps the stored one.
    await client
      .put(pageTr)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({
        smtp_host: 'smtp2.example.com',
        smtp_port: 465,
        smtp_sender_email: 'ops@example.com',
      })
      .redirects(0)
    await settings.refresh()
    assert.equal(settings.smtpHost, 'smtp2.example.com')
    assert.equal(openSecret(settings.smtpPassword, SMTP_PASSWORD_PURPOSE), 'very-secret-password')

    // Another company sees none of it.
    const other = await createMember({ role: 'owner' })
    const theirs = await client.get(page).loginAs(other.user).withInertia()
    assert.equal(theirs.inertiaProps.values.smtp_host, '')
    assert.isFalse(theirs.inertiaProps.values.has_password)
  })

  test('bad input is a localized field error and nothing changes', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const english = await client
      .put(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ smtp_host: 'smtp example', smtp_port: 70000, smtp_sender_email: 'nope' })
      .redirects(0)
    const errors = inputErrors(english)
    assert.deepEqual(errors.smtp_host, [
      'Please enter a host name or IP address, e.g. smtp.example.com.',
    ])
    assert.deepEqual(errors.smtp_port, ['The Port must be between 1 and 65535.'])
    assert.deepEqual(errors.smtp_sender_email, ['Please enter a valid email address.'])
    english.assertFlashMessage('error', 'Failed to update SMTP settings.')
    const turkish = await client
      .put(pageTr)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({ smtp_port: 25, smtp_sender_email: 'ops@example.com' })
      .redirects(0)
    assert.deepEqual(inputErrors(turkish).smtp_host, ['SMTP sunucusu alanı zorunludur.'])
    assert.isNull(await CompanySetting.find(company.id))
  })

  test('"send test e-mail" goes through the saved server and reports its answer', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    await client
      .put(page)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({
        smtp_host: '127.0.0.1',
        smtp_port: env.get('SMTP_PORT'),
        smtp_sender_name: 'Fleet Ops',
        smtp_sender_email: 'ops@fleet.example',
      })
      .redirects(0)
    const to = `smtp-test-${company.id}@example.com`
    const sent = await client
      .post(`${page}/test`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ to })
      .redirects(0)
    const message = sent.flashMessages().success as string
    assert.match(message, new RegExp(`^Test e-mail sent to ${to}\\. The server answered: 250`))
    const mail = mailbox.lastTo(to)
    assert.equal(mail.from, 'ops@fleet.example')
    assert.include(mail.text, 'Fleet Ops')

    const shown = await client.get(page).loginAs(user).withInertia()
    assert.isNull(shown.inertiaProps.testResult)
  })

  test('a wrong password is reported clearly, with the server answer, in both languages', async ({
    client,
    assert,
  }) => {
    const strict = await strictServer()
    try {
      const { user } = await createMember({ role: 'admin' })
      await client
        .put(page)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .json({
          smtp_host: '127.0.0.1',
          smtp_port: strict.port,
          smtp_user: 'fleet',
          smtp_password: 'wrong-password',
          smtp_sender_email: 'ops@fleet.example',
        })
        .redirects(0)
      const english = await client
        .post(`${page}/test`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .json({ to: 'someone@example.com' })
        .redirects(0)
      assert.match(
        english.flashMessages().error as string,
        /^The server 127\.0\.0\.1 refused the user name or password\. The server answered: 535 .*Authentication credentials invalid/
      )
      const turkish = await client
        .post(`${pageTr}/test`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', pageTr)
        .json({ to: 'someone@example.com' })
        .redirects(0)
      assert.match(
        turkish.flashMessages().error as string,
        /^127\.0\.0\.1 sunucusu kullanıcı adını veya şifreyi kabul etmedi\. Sunucunun yanıtı: 535/
      )
      assert.lengthOf(strict.received, 0)

      // The right password goes through.
      await client
        .put(page)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .json({
          smtp_host: '127.0.0.1',
          smtp_port: strict.port,
          smtp_user: 'fleet',
          smtp_password: 'right-password',
          smtp_sender_email: 'ops@fleet.example',
        })
        .redirects(0)
      const ok = await client
        .post(`${page}/test`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', page)
        .json({ to: 'someone@example.com' })
        .redirects(0)
      assert.match(ok.flashMessages().success as string, /The server answered: 250/)
      assert.deepEqual(strict.received, ['someone@example.com'])
    } finally {
      await strict.close()
    }
  })

  test('mailerForCompany: the company server when set, the system one otherwise', async ({
    assert,
  }) => {
    const strict = await strictServer()
    try {
      const { company } = await createMember({ role: 'owner' })
      const system = await mailerForCompany(company.id)
      await system.send((message) => {
        message.to('system-route@example.com').subject('s').text('s')
      })
      assert.equal(mailbox.lastTo('system-route@example.com').from, env.get('MAIL_FROM_ADDRESS'))

      const settings = await CompanySetting.of(company.id)
      const { sealSecret } = await import('#services/settings/secrets')
      settings.merge({
        smtpHost: '127.0.0.1',
        smtpPort: strict.port,
        smtpUser: 'fleet',
        smtpPassword: sealSecret('right-password', SMTP_PASSWORD_PURPOSE),
        smtpSenderEmail: 'ops@fleet.example',
      })
      await settings.save()
      const own = await mailerForCompany(company.id)
      await own.send((message) => {
        message.to('own-route@example.com').subject('o').text('o')
      })
      assert.deepEqual(strict.received, ['own-route@example.com'])
    } finally {
      await strict.close()
    }
  })

  test('a test e-mail before any server is saved is a field error', async ({ client, assert }) => {
    const { user } = await createMember({ role: 'admin' })
    const response = await client
      .post(`${page}/test`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ to: 'someone@example.com' })
      .redirects(0)
    assert.deepEqual(inputErrors(response).to, ['Save the SMTP server first.'])
  })
})
