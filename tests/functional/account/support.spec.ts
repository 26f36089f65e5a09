import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { salesEmail } from '#services/site/sales_mailer'
import { withPosts } from '#tests/functional/site/support'

test.group('Help centre', (group) => {
  withPosts(group)
  group.each.setup(() => mailbox.clear())

  test('searches the help articles of the page language', async ({ client, assert }) => {
    const member = await createMember({ role: 'user' })
    const all = await client.get('/backend/account/support').withInertia().loginAs(member.user)
    all.assertStatus(200)
    const articles = all.inertiaProps.articles as { name: string; href: string }[]
    assert.isAbove(articles.length, 5)

    const gt06 = await client
      .get('/backend/account/support?q=GT06')
      .withInertia()
      .loginAs(member.user)
    const found = gt06.inertiaProps.articles as { name: string; href: string }[]
    assert.isTrue(found.some((article) => article.name === 'Connect a GT06 tracker'))
    assert.isTrue(found.every((article) => article.href.startsWith('/post/')))

    const tr = await client.get('/tr/panel/hesap/destek?q=GT06').withInertia().loginAs(member.user)
    const trArticles = tr.inertiaProps.articles as { href: string }[]
    assert.isAbove(trArticles.length, 0)
    assert.isTrue(trArticles.every((article) => article.href.startsWith('/tr/yazi/')))

    // The geofence guide, in both languages.
    const geofences = await client
      .get('/backend/account/support?q=geofence')
      .withInertia()
      .loginAs(member.user)
    assert.isTrue(
      (geofences.inertiaProps.articles as { name: string }[]).some(
        (article) => article.name === 'Set up geofences and zone alerts'
      )
    )
    const bolgeler = await client
      .get('/tr/panel/hesap/destek?q=coğrafi')
      .withInertia()
      .loginAs(member.user)
    assert.isTrue(
      (bolgeler.inertiaProps.articles as { name: string }[]).some(
        (article) => article.name === 'Coğrafi sınır ve bölge uyarıları kurma'
      )
    )

    const none = await client
      .get('/backend/account/support?q=zzzz-nothing-matches')
      .loginAs(member.user)
    none.assertTextIncludes('No help article matches your search.')
  })

  test('a support request is stored and e-mailed to SALES_EMAIL with the company and user', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'user', name: 'Deniz Kaya' })
    const response = await client
      .post('/backend/account/support')
      .withCsrfToken()
      .loginAs(member.user)
      .header('referer', '/backend/account/support')
      .form({
        request_subject: 'Tracker offline',
        request_message: 'Our van has not reported since this morning.',
      })
      .redirects(0)
    response.assertFlashMessage('success', 'Your request has been sent. We will answer by e-mail.')
    const stored = await db.from('support_requests').where('company_id', member.company.id)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].user_id, member.user.id)
    const mail = mailbox.lastTo(salesEmail())
    assert.include(mail.text, member.company.name)
    assert.include(mail.text, member.user.email)
    assert.include(mail.text, 'Our van has not reported since this morning.')
  })

  test('an empty request is a localized field error and stores nothing', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'user' })
    const response = await client
      .post('/tr/panel/hesap/destek')
      .withCsrfToken()
      .loginAs(member.user)
      .header('referer', '/tr/panel/hesap/destek')
      .form({ request_subject: '', request_message: '' })
      .redirects(0)
    const errors = inputErrors(response)
    assert.include(errors.request_subject[0], 'Konu')
    assert.include(errors.request_message[0], 'Mesaj')
    const stored = await db.from('support_requests').where('company_id', member.company.id)
    assert.lengthOf(stored, 0)
    assert.lengthOf(mailbox.messages, 0)
  })

  test('anonymous visitors are sent to sign in', async ({ client }) => {
    const response = await client.get('/backend/account/support').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })
})
