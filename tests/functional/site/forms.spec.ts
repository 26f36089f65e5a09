import { test } from '@japa/runner'
import ContactMessage from '#models/contact_message'
import DemoRequest from '#models/demo_request'
import { salesEmail } from '#services/site/sales_mailer'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { clientIp, inputErrors } from './support.js'

const contactPath = { en: '/contact', tr: '/tr/iletisim' }

const messages = {
  en: {
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter a valid email address.',
    contactSuccess: 'Message submitted successfully.',
    demoSuccess: 'Request Submitted Successfully',
    subject: 'Please choose an industry.',
    name: 'Please enter your name or company.',
    phone: 'Please enter a valid phone number.',
    throttled: 'Too many submissions from your connection. Please try again in 10 minutes.',
  },
  tr: {
    emailRequired: 'E-posta zorunludur.',
    emailInvalid: 'Lütfen geçerli bir e-posta adresi girin.',
    contactSuccess: 'Mesajınız başarıyla gönderildi.',
    demoSuccess: 'Talebiniz Başarıyla Alındı',
    subject: 'Lütfen bir sektör seçin.',
    name: 'Lütfen adınızı veya şirketinizi girin.',
    phone: 'Lütfen geçerli bir telefon numarası girin.',
    throttled: 'Bağlantınızdan çok fazla gönderim yapıldı. Lütfen 10 dakika sonra tekrar deneyin.',
  },
}

let sequence = 0
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++sequence}@example.com`

for (const locale of ['en', 'tr'] as const) {
  test.group(`Contact form (${locale})`, (group) => {
    group.each.setup(() => mailbox.clear())

    test('the e-mail is required, with the spec message; nothing is stored', async ({
      client,
      assert,
    }) => {
      const before = await ContactMessage.query().count('* as total')
      const response = await client
        .post(contactPath[locale])
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ full_name: 'Ada', message: 'Hello', phone: 'call me maybe' })
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', contactPath[locale])
      const errors = inputErrors(response)
      assert.deepEqual(errors.email, [messages[locale].emailRequired])
      assert.deepEqual(errors.phone, [messages[locale].phone])
      const after = await ContactMessage.query().count('* as total')
      assert.equal(after[0].$extras.total, before[0].$extras.total)
      assert.lengthOf(mailbox.messages, 0)
    })

    test('an invalid e-mail address is refused', async ({ client, assert }) => {
      const response = await client
        .post(contactPath[locale])
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ email: 'not-an-email' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).email, [messages[locale].emailInvalid])
    })

    test('a message is stored with its language and sender, and mailed to sales', async ({
      client,
      assert,
    }) => {
      const email = uniqueEmail(`contact-${locale}`)
      const ip = clientIp()
      const response = await client
        .post(contactPath[locale])
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', ip)
        .header('user-agent', 'FleetTrack test browser')
        .form({
          full_name: 'Ada Lovelace',
          email: email.toUpperCase(),
          phone: '+90 212 555 01 01',
          message: 'We run 40 vans in İstanbul.',
        })
        .redirects(0)

      response.assertStatus(302)
      response.assertFlashMessage('success', messages[locale].contactSuccess)
      const stored = await ContactMessage.findByOrFail('email', email)
      assert.equal(stored.fullName, 'Ada Lovelace')
      assert.equal(stored.phone, '+90 212 555 01 01')
      assert.equal(stored.message, 'We run 40 vans in İstanbul.')
      assert.equal(stored.locale, locale)
      assert.equal(stored.ip, ip)
      assert.equal(stored.userAgent, 'FleetTrack test browser')

      const mail = mailbox.lastTo(salesEmail())
      assert.equal(salesEmail(), 'sales@fleettrack.local')
      assert.include(mail.text, email)
      assert.include(mail.text, 'Ada Lovelace')
      assert.include(mail.text, locale === 'en' ? 'Language: English' : 'Language: Turkish')
      assert.match(mail.raw, new RegExp(`^Reply-To: ${email}`, 'mi'))
    })

    test('a filled honeypot answers success but stores and mails nothing', async ({
      client,
      assert,
    }) => {
      const email = uniqueEmail(`bot-${locale}`)
      const response = await client
        .post(contactPath[locale])
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ email, message: 'Cheap watches', website: 'https://spam.example' })
        .redirects(0)
      response.assertStatus(302)
      response.assertFlashMessage('success', messages[locale].contactSuccess)
      assert.isNull(await ContactMessage.findBy('email', email))
      assert.lengthOf(mailbox.messages, 0)
    })

    test('five messages per address per ten minutes, then a localized refusal', async ({
      client,
      assert,
    }) => {
      const ip = clientIp()
      const email = uniqueEmail(`limit-${locale}`)
      const send = () =>
        client
          .post(contactPath[locale])
          .withCsrfToken()
          .header('referer', contactPath[locale])
          .header('x-forwarded-for', ip)
          .form({ email, message: 'Again' })
          .redirects(0)
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await send()
        response.assertFlashMessage('success', messages[locale].contactSuccess)
      }
      const refused = await send()
      refused.assertStatus(302)
      refused.assertFlashMessage('error', messages[locale].throttled)
      const stored = await ContactMessage.query().where('email', email).count('* as total')
      assert.equal(Number(stored[0].$extras.total), 5)

      // Another address is not affected.
      const other = await client
        .post(contactPath[locale])
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ email })
        .redirects(0)
      other.assertFlashMessage('success', messages[locale].contactSuccess)
    })
  })

  test.group(`Demo request form (${locale})`, (group) => {
    group.each.setup(() => mailbox.clear())

    test('validates name, e-mail and subject with localized messages', async ({
      client,
      assert,
    }) => {
      const response = await client
        .post(`${contactPath[locale]}/demo`)
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ vehicle_count: '12', subject: 'spaceflight' })
        .redirects(0)
      response.assertStatus(302)
      const errors = inputErrors(response)
      assert.deepEqual(errors.email, [messages[locale].emailRequired])
      assert.deepEqual(errors.name_or_company, [messages[locale].name])
      assert.deepEqual(errors.subject, [messages[locale].subject])
      assert.lengthOf(mailbox.messages, 0)
    })

    test('a request is stored and mailed; the page shows the success panel', async ({
      client,
      assert,
    }) => {
      const email = uniqueEmail(`demo-${locale}`)
      const ip = clientIp()
      const response = await client
        .post(`${contactPath[locale]}/demo`)
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', ip)
        .form({
          name_or_company: 'Anadolu Lojistik',
          email,
          phone: '0212 555 0101',
          vehicle_count: '35',
          subject: 'logistics',
          message: 'Cold chain trucks',
        })
        .redirects(0)
      response.assertStatus(302)
      response.assertFlashMessage('success', messages[locale].demoSuccess)
      response.assertFlashMessage('siteFormSent', 'demo')

      const stored = await DemoRequest.findByOrFail('email', email)
      assert.equal(stored.nameOrCompany, 'Anadolu Lojistik')
      assert.equal(stored.vehicleCount, 35)
      assert.equal(stored.subject, 'logistics')
      assert.equal(stored.locale, locale)
      assert.equal(stored.ip, ip)

      const mail = mailbox.lastTo(salesEmail())
      assert.include(mail.text, 'Anadolu Lojistik')
      assert.include(mail.text, 'Industry: Logistics')
      assert.include(mail.text, 'Vehicles: 35')

      const page = await client
        .get(contactPath[locale])
        .withSession({ __flash__: { siteFormSent: 'demo' } })
      assert.include(page.text(), messages[locale].demoSuccess)
    })

    test('a filled honeypot stores nothing', async ({ client, assert }) => {
      const email = uniqueEmail(`demo-bot-${locale}`)
      const response = await client
        .post(`${contactPath[locale]}/demo`)
        .withCsrfToken()
        .header('referer', contactPath[locale])
        .header('x-forwarded-for', clientIp())
        .form({ name_or_company: 'Bot', email, subject: 'other', website: 'x' })
        .redirects(0)
      response.assertFlashMessage('success', messages[locale].demoSuccess)
      assert.isNull(await DemoRequest.findBy('email', email))
      assert.lengthOf(mailbox.messages, 0)
    })
  })
}

test.group('Inquiries in the back office', (group) => {
  group.each.teardown(() => {
    delete process.env.PLATFORM_ADMIN_EMAILS
  })

  test('platform staff (PLATFORM_ADMIN_EMAILS) see messages and demo requests', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'user' })
    process.env.PLATFORM_ADMIN_EMAILS = `someone@else.test, ${user.email.toUpperCase()}`
    const email = uniqueEmail('listed')
    await ContactMessage.create({
      email,
      message: 'Listed',
      locale: 'tr',
      ip: null,
      userAgent: null,
      fullName: null,
      phone: null,
    })

    const response = await client.get('/tr/panel/hesap/talepler').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('site/inquiries')
    const props = response.inertiaProps as { contactMessages: { email: string }[] }
    assert.equal(props.contactMessages[0].email, email)
  })

  test('company owners who are not staff are turned away', async ({ client }) => {
    const { user } = await createMember({ role: 'owner' })
    process.env.PLATFORM_ADMIN_EMAILS = 'staff@fleettrack.test'
    const response = await client.get('/backend/account/inquiries').loginAs(user).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/backend/unauthorized')
  })
})
