import { test } from '@japa/runner'
import edge from 'edge.js'
import i18nManager from '@adonisjs/i18n/services/main'
import Quote from '#models/quote'
import { salesEmail } from '#services/site/sales_mailer'
import { DEFAULT_EUR_TRY_RATE, QUOTES_SESSION_KEY } from '#services/site/quotes'
import { quoteDocument } from '#transformers/site/quote_transformer'
import { computeQuote, convertCents, formatMoney } from '#shared/quote_pricing'
import { mailbox } from '#tests/helpers/mailbox'
import { clientIp, inputErrors, t } from './support.js'

const offerPath = { en: '/offer', tr: '/tr/teklif' }
const QUOTE_PATH = { en: /^\/offer\/(Q-\d{4}-\d{6})$/, tr: /^\/tr\/teklif\/(Q-\d{4}-\d{6})$/ }

const termsEn = [
  'Payment follows the plan.',
  'Device ownership passes 12 months after the rental ends, or at once on 24-month prepayment.',
  'Warranty is 12 or 24 months matching the plan.',
  'Free lifetime software updates.',
  'Free technical support during the warranty.',
]

async function requestQuote(
  client: any,
  locale: 'en' | 'tr',
  quantities: Record<string, number>,
  extra: Record<string, string> = {}
) {
  return client
    .post(offerPath[locale])
    .withCsrfToken()
    .header('referer', offerPath[locale])
    .header('x-forwarded-for', clientIp())
    .json({
      company_name: 'Anadolu Lojistik A.Ş.',
      email: `quote-${Date.now().toString(36)}@example.com`,
      term_months: '24',
      note: 'Installation in İzmir, please.',
      quantities,
      ...extra,
    })
    .redirects(0)
}

test.group('Offer and quote', (group) => {
  group.each.setup(() => mailbox.clear())

  test('a requested quote is numbered, priced by the shared service and stored', async ({
    client,
    assert,
  }) => {
    const quantities = { gps_tracker: 8, obd_tracker: 4, temperature_sensor: 2, installation: 12 }
    const response = await requestQuote(client, 'en', quantities)
    response.assertStatus(302)
    const number = QUOTE_PATH.en.exec(response.header('location'))?.[1]
    assert.isDefined(number, response.header('location'))
    assert.match(number!, new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{6}$`))

    const quote = await Quote.query().where('number', number!).preload('items').firstOrFail()
    const expected = computeQuote(quantities)
    assert.equal(quote.vehicleCount, 12)
    assert.equal(quote.subtotalCents, expected.subtotalCents)
    assert.equal(quote.subtotalCents, 8 * 8900 + 4 * 5900 + 2 * 4900 + 12 * 3000)
    assert.equal(quote.extraDiscountPercent, 5)
    assert.equal(quote.extraDiscountCents, Math.round(quote.subtotalCents * 0.05))
    assert.equal(quote.totalCents, expected.totalCents)
    assert.equal(quote.monthlyFeeCents, 12 * 900)
    assert.equal(quote.firstMonthDiscountCents, 1080)
    assert.equal(quote.totalDiscountCents, quote.extraDiscountCents + 1080)
    assert.equal(quote.dueNowCents, expected.dueNowCents)
    assert.equal(quote.termMonths, 24)
    assert.equal(quote.locale, 'en')
    assert.equal(Number(quote.exchangeRate), DEFAULT_EUR_TRY_RATE)
    assert.equal(quote.validUntil.diff(quote.createdAt.startOf('day'), 'days').days, 30)
    assert.deepEqual(
      quote.items.map((item) => [item.productKey, item.quantity, item.unitPriceCents]),
      [
        ['gps_tracker', 8, 8900],
        ['obd_tracker', 4, 5900],
        ['temperature_sensor', 2, 4900],
        ['installation', 12, 3000],
      ]
    )
    // The requester's browser may open it again; sales get the private link.
    assert.include(response.session()[QUOTES_SESSION_KEY], quote.id)
    const mail = mailbox.lastTo(salesEmail())
    assert.include(mail.text, number!)
    assert.include(mail.text, `/offer/${number}?token=${quote.accessToken}`)
  })

  test('quote numbers follow each other', async ({ client, assert }) => {
    const first = await requestQuote(client, 'en', { gps_tracker: 1 })
    const second = await requestQuote(client, 'tr', { obd_tracker: 1 })
    const a = Number(QUOTE_PATH.en.exec(first.header('location'))![1].slice(-6))
    const b = Number(QUOTE_PATH.tr.exec(second.header('location'))![1].slice(-6))
    assert.equal(b, a + 1)
  })

  test('the quote page shows lines, totals, rate, offices, validity and the five terms', async ({
    client,
    assert,
  }) => {
    const response = await requestQuote(client, 'en', { gps_tracker: 50, sos_button: 5 })
    const number = QUOTE_PATH.en.exec(response.header('location'))![1]
    const quote = await Quote.findByOrFail('number', number)

    const page = await client
      .get(`/offer/${number}`)
      .withSession({ [QUOTES_SESSION_KEY]: [quote.id] })
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('site/quote')
    const doc = (page.inertiaProps as { quote: any }).quote
    assert.equal(doc.number, number)
    assert.equal(doc.extraDiscountPercent, 10)
    assert.equal(doc.amounts.total.cents, quote.totalCents)
    assert.equal(doc.amounts.total.eur, formatMoney(quote.totalCents, 'EUR', 'en'))
    assert.equal(
      doc.amounts.dueNow.try,
      formatMoney(convertCents(quote.dueNowCents, 49.5), 'TRY', 'en')
    )
    assert.equal(doc.amounts.monthlyFee.eur, '€450.00')
    assert.equal(doc.amounts.firstMonthDiscount.eur, '€45.00')
    assert.deepEqual(doc.terms, termsEn)
    assert.deepEqual(
      doc.offices.map((office: { legalName: string }) => office.legalName),
      ['FleetTrack OÜ', 'FleetTrack Teknoloji A.Ş.']
    )
    assert.equal(doc.rate.value, '49.5000')
    assert.equal(doc.rate.date, '20 November 2026')
    assert.deepEqual(
      doc.lines.map(
        (line: { name: string; quantity: number; unitPrice: string; total: string }) => [
          line.name,
          line.quantity,
          line.unitPrice,
          line.total,
        ]
      ),
      [
        ['GPS tracker (hard-wired)', 50, '€89.00', '€4,450.00'],
        ['SOS button', 5, '€15.00', '€75.00'],
      ]
    )

    const html = (
      await client.get(`/offer/${number}`).withSession({ [QUOTES_SESSION_KEY]: [quote.id] })
    ).text()
    assert.include(html, '<meta name="robots" content="noindex, nofollow"')
    assert.include(html, 'Free technical support during the warranty.')
  })

  test('a quote is private: no session or token, a wrong token -> 404', async ({
    client,
    assert,
  }) => {
    const response = await requestQuote(client, 'en', { gps_tracker: 2 })
    const number = QUOTE_PATH.en.exec(response.header('location'))![1]
    const quote = await Quote.findByOrFail('number', number)

    const anonymous = await client.get(`/offer/${number}`)
    anonymous.assertStatus(404)
    assert.include(anonymous.text(), `Page Not Found: /offer/${number}`)
    const guessed = await client.get(`/offer/${number}`).qs({ token: 'x'.repeat(32) })
    guessed.assertStatus(404)
    const pdf = await client.get(`/offer/${number}/pdf`)
    pdf.assertStatus(404)

    // The private link lets a browser in, then drops the token from the address.
    const link = await client.get(`/offer/${number}`).qs({ token: quote.accessToken }).redirects(0)
    link.assertStatus(302)
    link.assertHeader('location', `/offer/${number}`)
    assert.include(link.session()[QUOTES_SESSION_KEY], quote.id)
  })

  test('the PDF is produced and carries the totals of the quote', async ({ client, assert }) => {
    const response = await requestQuote(client, 'tr', {
      gps_tracker: 10,
      fuel_sensor: 2,
      installation: 10,
    })
    const number = QUOTE_PATH.tr.exec(response.header('location'))![1]
    const quote = await Quote.query().where('number', number).preload('items').firstOrFail()

    const pdf = await client
      .get(`/tr/teklif/${number}/pdf`)
      .withSession({ [QUOTES_SESSION_KEY]: [quote.id] })
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    assert.include(pdf.header('content-disposition'), `${number}.pdf`)
    // The same PDF through its private link, read as bytes.
    const download = await fetch(
      `${baseUrl()}/tr/teklif/${number}/pdf?token=${encodeURIComponent(quote.accessToken)}`
    )
    assert.equal(download.status, 200)
    const body = Buffer.from(await download.arrayBuffer())
    assert.equal(body.subarray(0, 5).toString('latin1'), '%PDF-')
    assert.isAbove(body.length, 10_000)

    // The document printed is the stored quote: the totals come from it, in Turkish.
    const i18n = i18nManager.locale('tr')
    const doc = quoteDocument(quote, i18n, 'tr')
    const html = await edge.render('quote_pdf', {
      locale: 'tr',
      doc,
      t: (key: string, values?: Record<string, unknown>) => i18n.t(key, values),
    })
    const expected = computeQuote({ gps_tracker: 10, fuel_sensor: 2, installation: 10 })
    assert.equal(doc.amounts.subtotal.cents, expected.subtotalCents)
    assert.equal(doc.amounts.dueNow.cents, expected.dueNowCents)
    for (const amount of [
      doc.amounts.subtotal.eur,
      doc.amounts.extraDiscount.eur,
      doc.amounts.total.eur,
      doc.amounts.monthlyFee.eur,
      doc.amounts.totalDiscount.eur,
      doc.amounts.dueNow.eur,
      doc.amounts.dueNow.try,
    ]) {
      assert.include(html, amount)
    }
    assert.include(html, t('tr', 'site.quote.terms.2'))
    assert.include(html, 'FleetTrack Teknoloji A.Ş.')
    assert.include(html, 'Ek indirim (%5)')
    // Chromium writes the document title into the PDF's metadata.
    assert.include(pdfTitle(body), `FleetTrack teklifi ${number}`)
  }).timeout(60_000)

  test('validation: company, e-mail and at least one product, in both languages', async ({
    client,
    assert,
  }) => {
    const english = await client
      .post('/offer')
      .withCsrfToken()
      .header('referer', '/offer')
      .header('x-forwarded-for', clientIp())
      .form({ term_months: '12' })
      .redirects(0)
    const errors = inputErrors(english)
    assert.deepEqual(errors.email, ['Email is required.'])
    assert.deepEqual(errors.company_name, ['Please enter your company name.'])

    const empty = await requestQuote(client, 'tr', { gps_tracker: 0 })
    empty.assertStatus(302)
    empty.assertHeader('location', '/tr/teklif')
    assert.deepEqual(inputErrors(empty).quantities, ['Lütfen en az bir ürün seçin.'])

    const negative = await requestQuote(client, 'en', { gps_tracker: -3 })
    assert.isDefined(inputErrors(negative)['quantities.gps_tracker'])
  })
})

function baseUrl() {
  return `http://${process.env.HOST}:${process.env.PORT}`
}

/** The /Title of a PDF's information dictionary (literal or UTF-16 hex string). */
function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1')
  const hex = /\/Title\s*<([0-9A-Fa-f]+)>/.exec(text)
  if (hex) {
    const bytes = Buffer.from(hex[1], 'hex')
    return bytes[0] === 0xfe && bytes[1] === 0xff
      ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')
      : bytes.toString('latin1')
  }
  return /\/Title\s*\(([^)]*)\)/.exec(text)?.[1] ?? ''
}
