import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'

test.group('Sign-in throttling per address', () => {
  test('twenty failures with any e-mails block the address, not other addresses', async ({
    client,
  }) => {
    const { user } = await createMember({ password: 'right-password' })
    const sprayer = '203.0.113.77'
    const stamp = Date.now()
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await client
        .post('/login')
        .withCsrfToken()
        .header('referer', '/login')
        .header('x-forwarded-for', sprayer)
        .form({ email: `victim-${stamp}-${attempt}@example.com`, password: 'Summer2026!' })
        .redirects(0)
      response.assertFlashMessage(
        'error',
        'Failed to sign in: The e-mail or password is incorrect.'
      )
    }

    const blocked = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .header('x-forwarded-for', sprayer)
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
      .header('x-forwarded-for', sprayer)
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    turkish.assertFlashMessage(
      'error',
      'Çok fazla başarısız giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.'
    )

    const elsewhere = await client
      .post('/login')
      .withCsrfToken()
      .header('referer', '/login')
      .header('x-forwarded-for', '198.51.100.9')
      .form({ email: user.email, password: 'right-password' })
      .redirects(0)
    elsewhere.assertHeader('location', '/backend')
  }).timeout(120_000)
})
