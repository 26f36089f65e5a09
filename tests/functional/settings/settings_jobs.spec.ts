import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import CompanySetting from '#models/company_setting'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { PositionArchiveJob, mayDrop, partitionEnd } from '#jobs/position_archive_job'
import { LicenceExpiryJob } from '#jobs/licence_expiry_job'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

let sequence = 0
async function seedDevice(companyId: number, name: string, licenceEnd: string | null = null) {
  sequence++
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `66${Date.now().toString().slice(-9)}${sequence}`,
      protocol: 'teltonika',
      company_id: companyId,
      status: 'active',
      ownership: 'own',
      licence_end_date: licenceEnd,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

async function ensureMonth(year: number, month: number) {
  const from = DateTime.utc(year, month, 1)
  const name = `positions_${year}_${String(month).padStart(2, '0')}`
  await db.rawQuery(
    `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF positions FOR VALUES FROM ('${from.toISO()}') TO ('${from.plus({ months: 1 }).toISO()}')`
  )
  return name
}

async function seedPosition(companyId: number, deviceId: number, iso: string) {
  await db.table('positions').insert({
    device_id: deviceId,
    company_id: companyId,
    fix_time: new Date(iso),
    server_time: new Date(iso),
    latitude: 41,
    longitude: 29,
    valid: true,
  })
}

/** The mail's text with quoted-printable undone as UTF-8 (the shared helper reads it as Latin-1). */
function utf8Text(raw: string) {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

const countIn = async (table: string, deviceId: number) =>
  Number((await db.from(table).where('device_id', deviceId).count('* as n'))[0].n)

test.group('Data archiving job', () => {
  test('partition names and the drop rule', ({ assert }) => {
    assert.equal(partitionEnd('positions_2026_12')!.toISO(), '2027-01-01T00:00:00.000Z')
    assert.isNull(partitionEnd('positions_default'))
    const now = DateTime.utc(2026, 11, 25)
    const january = { name: 'positions_2026_01', end: DateTime.utc(2026, 2, 1) }
    assert.isTrue(mayDrop(january, [30, 200], now))
    assert.isFalse(mayDrop(january, [30, 400], now))
    assert.isFalse(mayDrop(january, [30, null], now))
    assert.isFalse(mayDrop(january, [], now))
  })

  test('drops a whole old month, keeps trips, stops and events, and months a company still keeps', async ({
    assert,
  }) => {
    const archiving = await createMember()
    const keeping = await createMember()
    const settings = await CompanySetting.of(archiving.company.id)
    settings.archiveDays = 90
    await settings.save()
    const van = await seedDevice(archiving.company.id, 'Archived van')
    const truck = await seedDevice(keeping.company.id, 'Kept truck')

    const january = await ensureMonth(2025, 1)
    const february = await ensureMonth(2025, 2)
    const october = await ensureMonth(2026, 10)
    await seedPosition(archiving.company.id, van, '2025-01-10T10:00:00Z')
    await seedPosition(archiving.company.id, van, '2025-01-10T10:00:30Z')
    await seedPosition(archiving.company.id, van, '2025-02-10T10:00:00Z')
    await seedPosition(keeping.company.id, truck, '2025-02-11T10:00:00Z')
    await seedPosition(archiving.company.id, van, '2026-10-10T10:00:00Z')
    await db.table('trips').insert({
      company_id: archiving.company.id,
      device_id: van,
      start_time: new Date('2025-01-10T10:00:00Z'),
      end_time: new Date('2025-01-10T10:00:30Z'),
      start_latitude: 41,
      start_longitude: 29,
      end_latitude: 41,
      end_longitude: 29,
      distance: 120,
      max_speed: 30,
      average_speed: 20,
      duration: 30,
      start_odometer: 0,
      end_odometer: 120,
    })
    await db.table('stops').insert({
      company_id: archiving.company.id,
      device_id: van,
      start_time: new Date('2025-01-10T11:00:00Z'),
      end_time: new Date('2025-01-10T12:00:00Z'),
      latitude: 41,
      longitude: 29,
      duration: 3600,
    })
    await db.table('events').insert({
      company_id: archiving.company.id,
      device_id: van,
      event_time: new Date('2025-01-10T10:00:00Z'),
      code: '105',
      state: 'A',
    })
    const oid = async (name: string) =>
      (await db.rawQuery(`SELECT ?::regclass::oid AS oid`, [name])).rows[0].oid

    const januaryOid = await oid(january)
    const result = await new PositionArchiveJob().run(DateTime.utc(2026, 11, 25, 3, 30))

    // January held only the archiving company's positions: the table was dropped (a new,
    // empty one stands in its place for late records).
    assert.notEqual(await oid(january), januaryOid)
    assert.equal(Number((await db.from(january).count('* as n'))[0].n), 0, 'the old month is empty')
    // February also holds the positions of a company without a period: it stays whole.
    assert.equal(
      Number((await db.from(february).whereIn('device_id', [van, truck]).count('* as n'))[0].n),
      2
    )
    // October is younger than 90 days before the run.
    // (Other tests write positions of this year too: count this vehicle's.)
    assert.equal(Number((await db.from(october).where('device_id', van).count('* as n'))[0].n), 1)
    assert.isAtLeast(result.affected, 1)
    assert.equal(await countIn('positions', van), 2)
    assert.equal(await countIn('trips', van), 1)
    assert.equal(await countIn('stops', van), 1)
    assert.equal(await countIn('events', van), 1)

    // A late record of the archived month still lands (and goes at the next run).
    await seedPosition(archiving.company.id, van, '2025-01-20T10:00:00Z')
    await new PositionArchiveJob().run(DateTime.utc(2026, 11, 26, 3, 30))
    assert.equal(Number((await db.from(january).count('* as n'))[0].n), 0)
  })
})

test.group('Licence expiry job', () => {
  test('owners and admins get one e-mail in their language per licence end, once', async ({
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const admin = await User.create({
      email: `licence-admin-${Date.now()}@example.com`,
      password: 'pw-12345678',
      locale: 'tr',
    })
    await addMember(company, admin, 'admin')
    const viewer = await User.create({
      email: `licence-user-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(company, viewer, 'user')
    const settings = await CompanySetting.of(company.id)
    settings.licenceExpiryDays = 14
    await settings.save()
    await seedDevice(company.id, 'Soon van', '2026-12-01')
    await seedDevice(company.id, 'Later van', '2027-03-01')
    await seedDevice(company.id, 'Ended van', '2026-11-01')
    const other = await createMember({ role: 'owner' })
    await seedDevice(other.company.id, 'Other company van', '2026-11-30')

    mailbox.clear()
    await new LicenceExpiryJob().run(DateTime.utc(2026, 11, 25, 8))
    const english = mailbox.lastTo(owner.email)
    assert.include(english.text, 'Soon van: the licence ends on 01.12.2026 (6 day(s) left)')
    assert.notInclude(english.text, 'Later van')
    assert.notInclude(english.text, 'Ended van')
    assert.notInclude(english.text, 'Other company van')
    const turkish = mailbox.lastTo(admin.email)
    assert.include(
      utf8Text(turkish.raw),
      'Soon van: lisans 01.12.2026 tarihinde bitiyor (6 gün kaldı)'
    )
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(viewer.email)))
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(other.user.email)))

    // The next day nothing new is told.
    mailbox.clear()
    await new LicenceExpiryJob().run(DateTime.utc(2026, 11, 26, 8))
    assert.isFalse(mailbox.messages.some((message) => message.to.includes(owner.email)))
  })
})
