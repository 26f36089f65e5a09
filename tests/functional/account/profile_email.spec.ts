import { test } from '@japa/runner'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

async function putProfile(client: any, user: any, values: Record<string, string>, page: string) {
  return client
    .put(`${page}/profile`)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', page)
    .json(values)
    .redirects(0)
}

const page = '/backend/account/settings'
const turkishPage = '/tr/panel/hesap/ayarlar'

test.group('Profile (issue 13 item 10)', (group) => {
  group.each.setup(() => mailbox.clear())

  test('full name and phone are saved with the spec message, in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const english = await putProfile(
      client,
      user,
      { email: user.email, full_name: 'Ayşe Yılmaz', phone: '+90 555 000 00 00' },
      page
    )
    english.assertFlashMessage('success', 'Profile updated successfully.')
    await user.refresh()
    assert.equal(user.fullName, 'Ayşe Yılmaz')
    assert.equal(user.phone, '+90 555 000 00 00')
    assert.lengthOf(mailbox.messages, 0)

    const turkish = await putProfile(client, user, { full_name: 'Ayşe Kaya' }, turkishPage)
    turkish.assertFlashMessage('success', 'Profil başarıyla güncellendi.')
  })

  test('a new e-mail changes only when the signed link sent to it is opened, once', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const oldEmail = user.email
    const newEmail = `new-${oldEmail}`
    const requested = await putProfile(
      client,
      user,
      { email: newEmail.toUpperCase(), full_name: 'Can' },
      page
    )
    requested.assertFlashMessage(
      'success',
      `A confirmation link was sent to ${newEmail}. Your e-mail address changes when you open it (within 24 hours).`
    )
    await user.refresh()
    assert.equal(user.email, oldEmail)
    assert.equal(user.fullName, 'Can')
    assert.include(mailbox.lastTo(newEmail).text, 'Confirm your new e-mail address')
    const link = mailbox.linkTo(newEmail, '/email/confirm')
    assert.isTrue(link.searchParams.has('signature'))
    const url = `${link.pathname}${link.search}`

    // Tampered: another address in the same link.
    const forged = new URL(link.href)
    forged.searchParams.set('email', 'attacker@example.com')
    const tampered = await client
      .get(`${forged.pathname}${forged.search}`)
      .loginAs(user)
      .redirects(0)
    tampered.assertFlashMessage('error', 'This e-mail change link is not valid any more.')

    // Another account cannot use it.
    const other = await createMember()
    const wrong = await client.get(url).loginAs(other.user).redirects(0)
    wrong.assertFlashMessage(
      'error',
      'This link was requested by another account. Sign in with that account to use it.'
    )
    await user.refresh()
    assert.equal(user.email, oldEmail)

    const confirmed = await client.get(url).loginAs(user).redirects(0)
    confirmed.assertHeader('location', page)
    confirmed.assertFlashMessage('success', 'Profile updated successfully.')
    await user.refresh()
    assert.equal(user.email, newEmail)
    assert.isTrue(user.isConfirmed)
    assert.include(
      mailbox.lastTo(oldEmail).text,
      `The e-mail address of your FleetTrack account is now ${newEmail}.`
    )

    const again = await client.get(url).loginAs(user).redirects(0)
    again.assertFlashMessage('error', 'This e-mail change link is not valid any more.')
  })

  test('an address of another account is refused in both languages; nothing is sent', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const other = await createMember()
    const english = await putProfile(client, user, { email: other.user.email }, page)
    assert.deepEqual(inputErrors(english).email, ['This e-mail is already in use.'])
    const turkish = await putProfile(client, user, { email: 'not-an-address' }, turkishPage)
    assert.deepEqual(inputErrors(turkish).email, ['Lütfen geçerli bir e-posta adresi girin.'])
    assert.lengthOf(mailbox.messages, 0)
    await user.refresh()
    assert.notEqual(user.email, other.user.email)
  })

  test('a link whose address was taken meanwhile is refused; Turkish link in Turkish', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const wanted = `wanted-${user.email}`
    await putProfile(client, user, { email: wanted }, turkishPage)
    assert.include(mailbox.lastTo(wanted).text, 'saat ge')
    const link = mailbox.linkTo(wanted, '/email/confirm')
    assert.isTrue(link.pathname.startsWith('/tr/panel/hesap/ayarlar/'))
    const other = await createMember()
    other.user.email = wanted
    await other.user.save()
    const refused = await client.get(`${link.pathname}${link.search}`).loginAs(user).redirects(0)
    refused.assertHeader('location', turkishPage)
    refused.assertFlashMessage(
      'error',
      'Bu e-posta adresi başka bir hesap tarafından kullanılıyor.'
    )
    await user.refresh()
    assert.notEqual(user.email, wanted)

    const anonymous = await client.get(`${link.pathname}${link.search}`).redirects(0)
    anonymous.assertStatus(302)
    assert.include(anonymous.header('location'), '/tr/giris')
  })
})
