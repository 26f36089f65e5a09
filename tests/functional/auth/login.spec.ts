import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import User from '#models/user'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

test.group('Login', () => {
  test('signs in and lands on the dashboard with the success message', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    const response = await client
      .post('/login')
      .withCsrfToken()
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)

    response.assertStatus(302)
    response.assertHeader('location', '/backend')
    response.assertFlashMessage('success', 'Logged in successfully')
  })

  test('a wrong password answers the spec message in both languages', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    const english = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ email: user.email, password: 'wrong-password' })
      .redirects(0)
    english.assertFlashMessage('error', 'Failed to sign in: The e-mail or password is incorrect.')

    const turkish = await client
      .post('/tr/giris')
      .withCsrfToken()
      .header('referer', '/tr/giris')
      .form({ email: user.email, password: 'wrong-password' })
      .redirects(0)
    turkish.assertFlashMessage('error', 'Giriş başarısız: E-posta veya şifre hatalı.')
  })

  test('an unconfirmed account is told to confirm and gets a new link', async ({ client }) => {
    mailbox.clear()
    const user = await User.create({
      email: `unconfirmed-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    const response = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ email: user.email, password: 'pw-12345678' })
      .redirects(0)
    response.assertFlashMessage(
      'error',
      'Failed to sign in: Please confirm your e-mail address first. We have sent you a new confirmation link.'
    )
    mailbox.linkTo(user.email, '/confirm')
  })

  test('five failures in a row block that e-mail from that address', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    for (let attempt = 0; attempt < 5; attempt++) {
      await client
        .post('/login')
        .withCsrfToken()
        .header('referer', '/login')
        .form({ email: user.email, password: `wrong-${attempt}` })
        .redirects(0)
    }
    const blocked = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    blocked.assertFlashMessage(
      'error',
      'Too many failed sign-in attempts. Please try again in 15 minutes.'
    )

    const turkish = await client
      .post('/tr/giris')
      .withCsrfToken()
      .header('referer', '/tr/giris')
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    turkish.assertFlashMessage(
      'error',
      'Çok fazla başarısız giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.'
    )
  })

  test('an anonymous visitor goes to login and back to the page they wanted', async ({
    client,
  }) => {
    const guarded = await client.get('/backend/account/settings').redirects(0)
    guarded.assertStatus(302)
    guarded.assertHeader('location', '/login')

    const turkishGuarded = await client.get('/tr/panel/hesap/ayarlar').redirects(0)
    turkishGuarded.assertHeader('location', '/tr/giris')

    const { user } = await createMember({ password: 'right-password' })
    const login = await client
      .post('/login')
      .withCsrfToken()
      .withSession({ intended_path: '/backend/account/settings' })
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    login.assertHeader('location', '/backend/account/settings')
  })

  test('an intended path outside the site is ignored', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    const login = await client
      .post('/login')
      .withCsrfToken()
      .withSession({ intended_path: '//evil.example/steal' })
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    login.assertHeader('location', '/backend')
  })

  test('log out ends the session', async ({ client }) => {
    const { user } = await createMember()
    const response = await client.post('/logout').withCsrfToken().loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/')
  })

  test('a form without its CSRF token is refused', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    response.assertHeader('location', '/login')
    response.assertFlashMessage('error', 'Your session has expired. Please try again.')
  })
})

test.group('Password reset', () => {
  test('the mailed link sets a new password once', async ({ client, assert }) => {
    mailbox.clear()
    const { user } = await createMember({ password: 'old-password' })
    const request = await client
      .post('/reset-password')
      .withCsrfToken()
      .header('referer', '/reset-password')
      .form({ email: user.email })
      .redirects(0)
    request.assertFlashMessage(
      'success',
      'If an account exists for this address, we have sent a link to reset the password.'
    )

    const link = mailbox.linkTo(user.email, '/reset-password-confirm')
    const page = await client.get(link.pathname + link.search).withInertia()
    page.assertInertiaPropsContains({ valid: true })

    const reset = await client
      .post(link.pathname + link.search)
      .withCsrfToken()
      .form({ password: 'brand-new-password', password_confirmation: 'brand-new-password' })
      .redirects(0)
    reset.assertHeader('location', '/login')
    await user.refresh()
    assert.isTrue(await user.verifyPassword('brand-new-password'))

    const reused = await client.get(link.pathname + link.search).withInertia()
    reused.assertInertiaPropsContains({ valid: false })
  })

  test('an unknown address gets the same answer and no mail', async ({ client, assert }) => {
    mailbox.clear()
    const response = await client
      .post('/tr/sifre-sifirla')
      .withCsrfToken()
      .header('referer', '/tr/sifre-sifirla')
      .form({ email: 'nobody@example.com' })
      .redirects(0)
    response.assertFlashMessage(
      'success',
      'Bu adrese ait bir hesap varsa şifre sıfırlama bağlantısı gönderdik.'
    )
    assert.lengthOf(mailbox.messages, 0)
  })
})

test.group('Change password', () => {
  const cases = [
    {
      locale: 'en',
      path: '/backend/account/settings/password',
      mismatch: 'New passwords do not match.',
      reauth: 'Reauthentication failed.',
      done: 'Password updated successfully.',
    },
    {
      locale: 'tr',
      path: '/tr/panel/hesap/ayarlar/password',
      mismatch: 'Yeni şifreler uyuşmuyor.',
      reauth: 'Yeniden kimlik doğrulama başarısız.',
      done: 'Şifre başarıyla güncellendi.',
    },
  ]

  for (const messages of cases) {
    test(`needs matching new passwords (${messages.locale})`, async ({ client, assert }) => {
      const { user } = await createMember({ password: 'old-password' })
      const response = await client
        .put(messages.path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/backend/account/settings')
        .form({
          current_password: 'old-password',
          new_password: 'new-password-1',
          new_password_confirmation: 'new-password-2',
        })
        .redirects(0)
      assert.deepEqual(inputErrors(response).new_password_confirmation, [messages.mismatch])
    })

    test(`needs the current password (${messages.locale})`, async ({ client, assert }) => {
      const { user } = await createMember({ password: 'old-password' })
      const response = await client
        .put(messages.path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/backend/account/settings')
        .form({
          current_password: 'not-my-password',
          new_password: 'new-password-1',
          new_password_confirmation: 'new-password-1',
        })
        .redirects(0)
      response.assertFlashMessage('error', messages.reauth)
      await user.refresh()
      assert.isTrue(await user.verifyPassword('old-password'))
    })

    test(`changes it after re-authentication (${messages.locale})`, async ({ client, assert }) => {
      const { user } = await createMember({ password: 'old-password' })
      const response = await client
        .put(messages.path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/backend/account/settings')
        .form({
          current_password: 'old-password',
          new_password: 'new-password-1',
          new_password_confirmation: 'new-password-1',
        })
        .redirects(0)
      response.assertFlashMessage('success', messages.done)
      await user.refresh()
      assert.isTrue(await user.verifyPassword('new-password-1'))
    })
  }

  test('a user created by a social sign-in has no password to re-authenticate with', async ({
    client,
  }) => {
    const { user } = await createMember()
    user.password = null
    user.emailVerifiedAt = DateTime.now()
    await user.save()
    const response = await client
      .put('/backend/account/settings/password')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/account/settings')
      .form({
        current_password: 'anything',
        new_password: 'new-password-1',
        new_password_confirmation: 'new-password-1',
      })
      .redirects(0)
    response.assertFlashMessage('error', 'Reauthentication failed.')
  })
})

test.group('Social sign-in', () => {
  test('Google and Facebook are offered only when their keys are configured', async ({
    client,
  }) => {
    const page = await client.get('/login').withInertia()
    page.assertInertiaPropsContains({ socialProviders: { google: false, facebook: false } })
    const google = await client.get('/oauth/google').redirects(0)
    google.assertStatus(404)
    const facebook = await client.get('/oauth/facebook/callback').redirects(0)
    facebook.assertStatus(404)
  })
})
