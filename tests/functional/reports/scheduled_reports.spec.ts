import { test } from '@japa/runner'
import { baseUrl } from '#tests/helpers/http_session'
import { DateTime } from 'luxon'
import ExcelJS from 'exceljs'
import ScheduledReport from '#models/scheduled_report'
import { ScheduledReportsJob } from '#jobs/scheduled_reports_job'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

async function manager(role: 'owner' | 'manager' | 'user' = 'manager') {
  const member = await createMember({ role })
  member.user.timezone = ZONE
  await member.user.save()
  await member.user.refresh()
  return member
}

/** The attachments of a raw MIME message: file name, content type and decoded bytes. */
function attachments(raw: string) {
  const found: { filename: string; contentType: string; content: Buffer }[] = []
  const parts = raw.split(/\r?\n--[^\r\n]+/)
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/)
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1]
    if (!filename) continue
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? ''
    const body = rest.join('\n\n').replace(/\s+/g, '')
    found.push({ filename, contentType, content: Buffer.from(body, 'base64') })
  }
  return found
}

test.group('Scheduled reports', () => {
  test('a manager schedules a report with its parameters; bad input is refused in the page’s language', async ({
    client,
    assert,
  }) => {
    const { user, company } = await manager()
    const van = await createVehicle(company, { name: 'Van' })
    const response = await client
      .post('/backend/reports/schedules')
      .json({
        slug: 'trip-summary',
        name: 'Daily trips',
        frequency: 'weekly',
        weekday: 1,
        hour: 7,
        recipients: 'Ops@Example.com, boss@example.com',
        parameters: { period: 'last_week', deviceId: String(van.id) },
      })
      .header('referer', `${baseUrl()}/backend/reports/trip-summary?period=yesterday`)
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    // Back to the report as it was: a "yesterday" report stays yesterday's (not today's rows).
    assert.equal(
      response.header('location'),
      `${baseUrl()}/backend/reports/trip-summary?period=yesterday`
    )
    const saved = await ScheduledReport.query().where('company_id', company.id).firstOrFail()
    assert.equal(saved.slug, 'trip-summary')
    assert.equal(saved.frequency, 'weekly')
    assert.equal(saved.weekday, 1)
    assert.isNull(saved.monthDay)
    assert.equal(saved.timezone, ZONE)
    assert.equal(saved.locale, 'en')
    assert.deepEqual(saved.recipients, ['ops@example.com', 'boss@example.com'])
    assert.deepEqual(saved.params, { period: 'last_week', deviceId: String(van.id) })

    const index = await client.get('/backend/reports').withInertia().loginAs(user)
    const schedules = (index.inertiaProps as Record<string, any>).schedules
    assert.lengthOf(schedules, 1)
    assert.equal(schedules[0].name, 'Daily trips')

    // Turkish: the recipients and a missing weekday are named by their Turkish labels.
    const bad = await client
      .post('/tr/panel/raporlar/schedules')
      .json({
        slug: 'trip-summary',
        name: 'Haftalık',
        frequency: 'weekly',
        hour: 7,
        recipients: 'not-an-address',
        parameters: { period: 'yesterday' },
      })
      .withCsrfToken()
      .header('referer', '/tr/panel/raporlar')
      .loginAs(user)
      .redirects(0)
    bad.assertStatus(302)
    const errors = inputErrors(bad)
    assert.include(errors.weekday[0], 'Haftanın günü')

    const recipients = await client
      .post('/tr/panel/raporlar/schedules')
      .json({
        slug: 'trip-summary',
        name: 'Haftalık',
        frequency: 'daily',
        hour: 7,
        recipients: 'not-an-address',
        parameters: { period: 'yesterday' },
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    assert.deepEqual(inputErrors(recipients).recipients, [
      'Virgülle ayrılmış bir ya da daha fazla geçerli e-posta adresi girin.',
    ])
    assert.equal(
      await ScheduledReport.query()
        .where('company_id', company.id)
        .count('* as c')
        .first()
        .then((row) => Number(row?.$extras.c)),
      1
    )
  })

  test('another company’s schedule or vehicle answers 404; a user may not schedule', async ({
    client,
    assert,
  }) => {
    const { user, company } = await manager()
    const other = await manager()
    const foreignVehicle = await createVehicle(other.company, { name: 'Foreign' })
    const theirs = await ScheduledReport.create({
      companyId: other.company.id,
      createdBy: other.user.id,
      name: 'Theirs',
      slug: 'trip-summary',
      params: { period: 'yesterday' },
      frequency: 'daily',
      hour: 6,
      timezone: ZONE,
      locale: 'en',
      recipients: ['them@example.com'],
      active: true,
    })
    const update = await client
      .put(`/backend/reports/schedules/${theirs.id}`)
      .redirects(0)
      .json({ name: 'Mine now', frequency: 'daily', hour: 6, recipients: 'me@example.com' })
      .withCsrfToken()
      .loginAs(user)
    update.assertStatus(404)
    const destroy = await client
      .delete(`/backend/reports/schedules/${theirs.id}`)
      .withCsrfToken()
      .loginAs(user)
    destroy.assertStatus(404)
    await theirs.refresh()
    assert.equal(theirs.name, 'Theirs')

    const foreign = await client
      .post('/backend/reports/schedules')
      .json({
        slug: 'trip-summary',
        name: 'Spy',
        frequency: 'daily',
        hour: 6,
        recipients: 'me@example.com',
        parameters: { period: 'yesterday', deviceId: foreignVehicle.id },
      })
      .withCsrfToken()
      .loginAs(user)
    foreign.assertStatus(404)

    const mine = await ScheduledReport.create({
      companyId: company.id,
      createdBy: user.id,
      name: 'Mine',
      slug: 'trip-summary',
      params: { period: 'yesterday' },
      frequency: 'daily',
      hour: 6,
      timezone: ZONE,
      locale: 'en',
      recipients: ['me@example.com'],
      active: true,
    })
    const edited = await client
      .put(`/backend/reports/schedules/${mine.id}`)
      .json({
        name: 'Monthly',
        frequency: 'monthly',
        monthDay: 31,
        hour: 23,
        recipients: 'a@example.com',
        active: false,
      })
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    edited.assertStatus(302)
    await mine.refresh()
    assert.equal(mine.frequency, 'monthly')
    assert.equal(mine.monthDay, 31)
    assert.isFalse(mine.active)
    assert.deepEqual(mine.params, { period: 'yesterday' })

    const plain = await manager('user')
    const refused = await client
      .post('/backend/reports/schedules')
      .json({
        slug: 'trip-summary',
        name: 'x',
        frequency: 'daily',
        hour: 6,
        recipients: 'a@example.com',
      })
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(plain.user)
    refused.assertStatus(403)

    const removed = await client
      .delete(`/backend/reports/schedules/${mine.id}`)
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    removed.assertStatus(302)
    assert.isNull(await ScheduledReport.find(mine.id))
  })

  test('the job e-mails a due report once, with its XLSX and PDF, even with two schedulers', async ({
    assert,
  }) => {
    const { user, company } = await manager()
    const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
    const truck = await createVehicle(company, { name: 'Truck' })
    // Monday 2026-03-02 07:00 in Istanbul; "yesterday" is Sunday 1 March.
    const now = DateTime.fromISO('2026-03-02T07:00:30', { zone: ZONE })
    const sunday = DateTime.fromISO('2026-03-01T00:00', { zone: ZONE })
    await addTrip(van, company, {
      start: sunday.plus({ hours: 8 }),
      distance: 12_345,
      duration: 1200,
    })
    await addTrip(truck, company, {
      start: sunday.plus({ hours: 18 }),
      distance: 5000,
      duration: 600,
    })
    await addTrip(van, company, { start: sunday.minus({ hours: 3 }), distance: 1000, duration: 60 })
    const schedule = await ScheduledReport.create({
      companyId: company.id,
      createdBy: user.id,
      name: 'Morning trips',
      slug: 'trip-summary',
      params: { period: 'yesterday' },
      frequency: 'daily',
      hour: 7,
      timezone: ZONE,
      locale: 'tr',
      recipients: ['fleet-ops@example.com'],
      active: true,
    })
    schedule.createdAt = now.minus({ hours: 10 })
    await schedule.save()
    mailbox.clear()

    // Before 07:00 nothing is due; two schedulers at 07:00 send it once.
    const early = await new ScheduledReportsJob().run(now.minus({ minutes: 5 }))
    assert.equal(early.affected, 0)
    const [first, second] = await Promise.all([
      new ScheduledReportsJob().run(now),
      new ScheduledReportsJob().run(now),
    ])
    assert.equal(first.affected + second.affected, 1)
    const again = await new ScheduledReportsJob().run(now.plus({ minutes: 30 }))
    assert.equal(again.affected, 0)

    const sent = mailbox.messages.filter((message) => message.to.includes('fleet-ops@example.com'))
    assert.lengthOf(sent, 1)
    const mail = mailbox.lastTo('fleet-ops@example.com')
    assert.include(mail.text, 'Morning trips')
    assert.include(mail.text, '01.03.2026')
    const files = attachments(mail.raw)
    assert.sameMembers(
      files.map((file) => file.filename),
      ['trip-summary-2026-03-01.xlsx', 'trip-summary-2026-03-01.pdf']
    )
    const pdf = files.find((file) => file.filename.endsWith('.pdf'))!
    assert.equal(pdf.contentType, 'application/pdf')
    assert.equal(pdf.content.subarray(0, 5).toString(), '%PDF-')
    const xlsx = files.find((file) => file.filename.endsWith('.xlsx'))!
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.content as unknown as ArrayBuffer)
    const rows = workbook.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row: any) => row.slice(1))
    assert.equal(rows[0][0], 'Araç')
    const distance = rows[0].indexOf('Mesafe (km)')
    const start = rows[0].indexOf('Başlangıç')
    assert.deepEqual(
      rows.slice(1).map((row: any[]) => [row[0], row[distance]]),
      [
        ['Van', 12.35],
        ['Truck', 5],
      ]
    )
    // A spreadsheet date holding the wall-clock time of the schedule's zone.
    assert.equal((rows[1][start] as Date).toISOString(), '2026-03-01T08:00:00.000Z')

    await schedule.refresh()
    assert.equal(schedule.lastRunAt?.toMillis(), now.toMillis())
    assert.isNull(schedule.lastError)

    // The next day it is due again; a paused schedule is not.
    const tomorrow = await new ScheduledReportsJob().run(now.plus({ days: 1 }))
    assert.equal(tomorrow.affected, 1)
    schedule.active = false
    await schedule.save()
    const paused = await new ScheduledReportsJob().run(now.plus({ days: 2 }))
    assert.equal(paused.affected, 0)
  }).timeout(90_000)
})
