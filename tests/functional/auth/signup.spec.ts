import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import TeamMember from '#models/team_member'
import { mailbox } from '#tests/helpers/mailbox'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const messages = {
  en: {
    email: 'Please enter a valid email address.',
    mismatch: 'Passwords do not match.',
    terms: 'Please accept the terms of service and privacy policy.',
  },
  tr: {
    email: 'Lütfen geçerli bir e-posta adresi girin.',
    mismatch: 'Şifreler uyuşmuyor.',
    terms: 'Lütfen hizmet şartlarını ve gizlilik politikasını kabul edin.',
  },
}

const signupPath = { en: '/signup', tr: '/tr/kayit' }
const confirmPath = { en: '/confirm', tr: '/tr/onay' }
const loginPath = { en: '/login', tr: '/tr/giris' }

for (const locale of ['en', 'tr'] as const) {
  test.group(`Sign-up (${locale})`, (group) => {
    group.each.setup(() => mailbox.clear())

    test('shows the three validation messages and creates nothing', async ({ client, assert }) => {
      const response = await client
        .post(signupPath[locale])
        .withCsrfToken()
        .header('referer', signupPath[locale])
        .form({
          email: 'not-an-email',
          password: 'long-enough-1',
          password_confirmation: 'different-2',
        })
        .redirects(0)

      response.assertStatus(302)
      const errors = inputErrors(response)
      assert.deepEqual(errors.email, [messages[locale].email])
      assert.deepEqual(errors.password_confirmation, [messages[locale].mismatch])
      assert.deepEqual(errors.terms, [messages[locale].terms])
      assert.isNull(await User.findBy('email', 'not-an-email'))
    })

    test('creates the account and its company, and the mailed link confirms it', async ({
      client,
      assert,
    }) => {
      const email = `new-${locale}-${Date.now()}@example.com`
      const response = await client
        .post(signupPath[locale])
        .withCsrfToken()
        .form({
          email,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
          terms: 'on',
        })
        .redirects(0)

      response.assertStatus(302)
      response.assertHeader('location', confirmPath[locale])
      const user = await User.findByOrFail('email', email)
      assert.isNull(user.emailVerifiedAt)
      const membership = await TeamMember.findByOrFail('user_id', user.id)
      assert.equal(membership.role, 'owner')

      const link = mailbox.linkTo(email, confirmPath[locale])
      const confirm = await client.get(link.pathname + link.search).redirects(0)
      confirm.assertStatus(302)
      confirm.assertHeader('location', loginPath[locale])
      await user.refresh()
      assert.isNotNull(user.emailVerifiedAt)
    })

    test('a tampered confirmation link confirms nothing', async ({ client, assert }) => {
      const email = `tamper-${locale}-${Date.now()}@example.com`
      await client.post(signupPath[locale]).withCsrfToken().form({
        email,
        password: 'long-enough-1',
        password_confirmation: 'long-enough-1',
        terms: 'on',
      })
      const link = mailbox.linkTo(email, confirmPath[locale])
      const other = await User.create({
        email: `victim-${locale}-${Date.now()}@example.com`,
        password: 'x-password',
      })
      link.searchParams.set('user', String(other.id))

      const response = await client.get(link.pathname + link.search).withInertia()
      response.assertInertiaComponent('auth/confirm')
      response.assertInertiaPropsContains({ status: 'invalid' })
      await other.refresh()
      assert.isNull(other.emailVerifiedAt)
    })
  })
}

test.group('Sign-up guard', () => {
  test('is for anonymous visitors only', async ({ client }) => {
    const { user } = await createMember()
    const response = await client.get('/signup').loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/backend')
  })

  test('an e-mail that has an account answers like a new one and mails its owner', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ password: 'original-password' })
    mailbox.clear()
    const fresh = `fresh-${Date.now()}@example.com`
    const answers = []
    for (const email of [user.email, fresh]) {
      const response = await client
        .post('/signup')
        .withCsrfToken()
        .header('referer', '/signup')
        .form({
          email,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
          terms: 'on',
        })
        .redirects(0)
      answers.push({
        status: response.status(),
        location: response.header('location'),
        flash: response.flashMessages().success,
        errors: inputErrors(response),
      })
    }
    assert.deepEqual(answers[0], answers[1])
    assert.equal(answers[0].location, '/confirm')

    const mail = mailbox.lastTo(user.email)
    assert.include(mail.text, 'Someone tried to sign up on FleetTrack with this e-mail address')
    const memberships = await TeamMember.query().where('user_id', user.id)
    assert.lengthOf(memberships, 1)
    await user.refresh()
    assert.isTrue(await hash.verify(user.password!, 'original-password'))
  })
})

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

test.group('Sign-up timing', (group) => {
  group.each.setup(() => mailbox.clear())

  test('an existing address takes as long to answer as a new one', async ({ client, assert }) => {
    const { user } = await createMember({ password: 'original-password' })
    const tries = 15
    const durations = { existing: [] as number[], fresh: [] as number[] }
    const signUp = async (email: string) => {
      const started = process.hrtime.bigint()
      const response = await client
        .post('/signup')
        .withCsrfToken()
        .header('referer', '/signup')
        .form({
          email,
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
          terms: 'on',
        })
        .redirects(0)
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6
      response.assertHeader('location', '/confirm')
      return elapsed
    }
    await signUp(`warm-up-${Date.now()}@example.com`)
    // Interleaved, so that a slow moment of the shared machine hits both kinds alike.
    for (let attempt = 0; attempt < tries; attempt++) {
      durations.existing.push(await signUp(user.email))
      durations.fresh.push(await signUp(`timing-${attempt}-${Date.now()}@example.com`))
    }
    const existing = median(durations.existing)
    const fresh = median(durations.fresh)
    const ratio = Math.max(existing, fresh) / Math.min(existing, fresh)
    assert.isTrue(
      ratio <= 1.5 || Math.abs(existing - fresh) <= 15,
      `existing address ${existing.toFixed(1)} ms vs new ${fresh.toFixed(1)} ms`
    )
  }).timeout(60_000)
})
