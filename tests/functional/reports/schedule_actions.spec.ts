import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ScheduledReport from '#models/scheduled_report'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

/** A manager whose van drove yesterday from the company's depot geofence, and a schedule. */
async function seeded(locale: 'en' | 'tr' = 'tr', files = ['csv']) {
  const member = await createMember({ role: 'manager' })
  member.user.timezone = ZONE
  await member.user.save()
  const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  await addTrip(van, member.company, {
    start: yesterday.plus({ hours: 8 }),
    distance: 9000,
    duration: 900,
  })
  await db.table('geofences').insert({
    company_id: member.company.id,
    name: 'Depo Tuzla',
    shape: JSON.stringify({ type: 'circle', center: [41, 29], radius: 300 }),
    created_at: new Date(),
  })
  const schedule = await ScheduledReport.create({
    companyId: member.company.id,
    createdBy: member.user.id,
    name: 'Morning trips',
    slug: 'trip-summary',
    params: { period: 'yesterday' },
    frequency: 'daily',
    hour: 7,
    timezone: ZONE,
    locale,
    recipients: ['ops@example.com', 'boss@example.com'],
    attachments: files as ScheduledReport['attachments'],
    active: true,
  })
  return { ...member, van, schedule, yesterday }
}

/** The attachments of a raw MIME message: file name and decoded bytes. */
function attachments(raw: string) {
  const found: { filename: string; content: Buffer }[] = []
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/)
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1]
    if (!filename) continue
    found.push({ filename, content: Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64') })
  }
  return found
}

test.group('Scheduled reports | attachments, send now, preview', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('a manager chooses the attachments; none or an unknown one is refused in both languages', async ({
    client,
    assert,
  }) => {
    const { user, company } = await seeded()
    const saved = await client
      .post('/backend/reports/schedules')
      .json({
        slug: 'parking-duration',
        name: 'Parkings',
        frequency: 'daily',
        hour: 6,
        recipients: 'ops@example.com',
        attachments: ['pdf', 'csv'],
        parameters: { period: 'yesterday' },
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    saved.assertStatus(302)
    const parkings = await ScheduledReport.query()
      .where('company_id', company.id)
      .where('slug', 'parking-duration')
      .firstOrFail()
    assert.deepEqual(parkings.attachments, ['pdf', 'csv'])

    const index = await client.get('/backend/reports').withInertia().loginAs(user)
    const listed = (index.inertiaProps as Record<string, any>).schedules
    assert.deepEqual(listed.find((item: any) => item.id === parkings.id).attachments, [
      'pdf',
      'csv',
    ])

    // An edit without attachments keeps them.
    await client
      .put(`/backend/reports/schedules/${parkings.id}`)
      .json({ name: 'Parkings', frequency: 'daily', hour: 8, recipients: 'ops@example.com' })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    await parkings.refresh()
    assert.equal(parkings.hour, 8)
    assert.deepEqual(parkings.attachments, ['pdf', 'csv'])

    const none = await client
      .put(`/tr/panel/raporlar/schedules/${parkings.id}`)
      .json({
        name: 'Parkings',
        frequency: 'daily',
        hour: 8,
        recipients: 'ops@example.com',
        attachments: [],
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    assert.deepEqual(inputErrors(none).attachments, ['En az bir ek seçin.'])
    const unknown = await client
      .put(`/backend/reports/schedules/${parkings.id}`)
      .json({
        name: 'Parkings',
        frequency: 'daily',
        hour: 8,
        recipients: 'ops@example.com',
        attachments: ['docx'],
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    assert.deepEqual(Object.values(inputErrors(unknown)).flat(), ['Choose XLSX, PDF or CSV.'])
    await parkings.refresh()
    assert.deepEqual(parkings.attachments, ['pdf', 'csv'])
  })

  test('send now e-mails the chosen files, with places by name, and leaves the schedule’s time alone', async ({
    client,
    assert,
  }) => {
    const { user, schedule, yesterday } = await seeded('tr', ['csv'])
    mailbox.clear()
    const response = await client
      .post(`/tr/panel/raporlar/schedules/${schedule.id}/send`)
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('success', 'Rapor 2 alıcıya gönderildi.')
    const mail = mailbox.lastTo('boss@example.com')
    assert.include(mail.text, 'Morning trips')
    assert.include(mail.text, 'ektedir (CSV)')
    const files = attachments(mail.raw)
    assert.deepEqual(
      files.map((file) => file.filename),
      [`trip-summary-${yesterday.toISODate()}.csv`]
    )
    const csv = files[0].content.toString('utf8')
    assert.include(csv, 'Depo Tuzla')
    assert.include(csv, 'Çengelköy, Istanbul')
    assert.include(csv, '41.050000, 29.050000')
    await schedule.refresh()
    assert.isNull(schedule.lastRunAt, 'the scheduled send still happens at its hour')

    // All three, in English.
    const english = await seeded('en', ['xlsx', 'pdf', 'csv'])
    mailbox.clear()
    const sent = await client
      .post(`/backend/reports/schedules/${english.schedule.id}/send`)
      .withCsrfToken()
      .loginAs(english.user)
      .redirects(0)
    sent.assertFlashMessage('success', 'Report sent to 2 recipients.')
    const all = mailbox.lastTo('ops@example.com')
    assert.include(all.text, 'is attached (XLSX, PDF, CSV)')
    assert.sameMembers(
      attachments(all.raw).map((file) => file.filename.split('.').pop()),
      ['xlsx', 'pdf', 'csv']
    )
  }).timeout(60_000)

  test('the preview shows subject, recipients, files and the body in the schedule’s language', async ({
    client,
    assert,
  }) => {
    const { user, schedule, yesterday } = await seeded('tr', ['xlsx', 'csv'])
    mailbox.clear()
    const response = await client
      .get(`/backend/reports/schedules/${schedule.id}/preview`)
      .header('accept', 'application/json')
      .loginAs(user)
    response.assertStatus(200)
    const preview = response.body()
    assert.deepEqual(preview.recipients, ['ops@example.com', 'boss@example.com'])
    assert.include(preview.subject, yesterday.toFormat('dd.MM.yyyy'))
    assert.include(preview.html, 'Morning trips')
    assert.include(preview.html, 'ektedir (XLSX, CSV)')
    assert.deepEqual(
      preview.attachments.map((file: { filename: string }) => file.filename),
      [`trip-summary-${yesterday.toISODate()}.xlsx`, `trip-summary-${yesterday.toISODate()}.csv`]
    )
    assert.lengthOf(mailbox.messages, 0, 'a preview sends nothing')
  })

  test('another company’s schedule answers 404; a user may neither send nor preview', async ({
    client,
  }) => {
    const { user } = await seeded()
    const other = await seeded()
    const send = await client
      .post(`/backend/reports/schedules/${other.schedule.id}/send`)
      .withCsrfToken()
      .loginAs(user)
    send.assertStatus(404)
    const preview = await client
      .get(`/backend/reports/schedules/${other.schedule.id}/preview`)
      .header('accept', 'application/json')
      .loginAs(user)
    preview.assertStatus(404)

    const plain = await createMember({ role: 'user' })
    const refused = await client
      .post(`/backend/reports/schedules/${other.schedule.id}/send`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(plain.user)
    refused.assertStatus(403)
  })
})
