import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle, ensurePositionPartitions } from '#tests/functional/live/live_fixtures'

const settingsPage = [
  '/backend/settings/odometer-corrections',
  '/tr/panel/ayarlar/kilometre-duzeltmeleri',
]
const qualityPage = ['/backend/fleet/data-quality', '/tr/panel/filo/veri-kalitesi']
const vehicleAction = (id: number, tr = false) =>
  tr ? `/tr/panel/araclar/${id}/odometer` : `/backend/assets/${id}/odometer`

/** Positions written as the ingest stores them (flags only on implausible ones). */
async function addPositions(
  vehicle: { id: number },
  companyId: number,
  rows: { at: DateTime; attributes: Record<string, unknown>; lat?: number; satellites?: number }[]
) {
  await ensurePositionPartitions(rows[0].at, rows[rows.length - 1].at)
  await db.table('positions').multiInsert(
    rows.map((row) => ({
      device_id: vehicle.id,
      company_id: companyId,
      fix_time: row.at.toJSDate(),
      server_time: row.at.toJSDate(),
      latitude: row.lat ?? 41,
      longitude: 29,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: row.satellites ?? 9,
      valid: true,
      attributes: JSON.stringify(row.attributes),
    }))
  )
}

test.group('Odometer corrections: pages and forms', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the settings form corrects the odometer and the history shows who, when and the value', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner', name: 'Ayşe Manager' })
    const vehicle = await createVehicle(company, { name: 'Van 7' })
    const at = DateTime.now().minus({ days: 2 }).startOf('hour')
    await addPositions(vehicle, company.id, [
      { at: at.minus({ hours: 1 }), attributes: { odometer: 100_000_000 } },
      { at: at.plus({ hours: 1 }), attributes: { odometer: 100_010_000 } },
    ])
    const local = at.setZone(user.timezone ?? 'Europe/Istanbul').toFormat("yyyy-LL-dd'T'HH:mm")
    const response = await client
      .post(settingsPage[0])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', settingsPage[0])
      .json({ deviceId: vehicle.id, effectiveAt: local, odometerKm: 150_000, note: 'dashboard' })
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage(
      'success',
      'The odometer was corrected. The trips from that moment are being rebuilt.'
    )
    const after = await db
      .from('positions')
      .where('device_id', vehicle.id)
      .orderBy('fix_time')
      .select(db.raw(`(attributes->>'odometer')::float8 AS odometer`))
    assert.equal(Number(after[0].odometer), 100_000_000)
    assert.equal(Number(after[1].odometer), 150_010_000)

    for (const [index, path] of settingsPage.entries()) {
      const page = await client.get(path).loginAs(user).withInertia()
      page.assertInertiaComponent('settings/odometer_corrections')
      const rows = page.inertiaProps.corrections as any[]
      assert.lengthOf(rows, 1)
      assert.equal(rows[0].vehicle, 'Van 7')
      assert.equal(rows[0].odometerKm, 150_000)
      assert.equal(rows[0].previousKm, 100_000)
      assert.equal(rows[0].createdBy, 'Ayşe Manager')
      assert.isFalse(rows[0].rebuilt)
      assert.equal(
        page.inertiaProps.messages[`common.routes.settings.odometer-corrections`],
        index === 0 ? 'Odometer corrections' : 'Kilometre düzeltmeleri'
      )
    }
  })

  test('the vehicle page shows the distance source and takes a correction', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company)
    const at = DateTime.now().minus({ hours: 5 })
    await addPositions(
      vehicle,
      company.id,
      [0, 1, 2].map((step) => ({
        at: at.plus({ minutes: step * 10 }),
        attributes: { odometer: 5_000_000 + step * 1000, deviceOdometer: 5_000_000 + step * 1000 },
      }))
    )
    const page = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user).withInertia()
    const odometer = page.inertiaProps.odometer as any
    assert.equal(odometer.source, 'odometer')
    assert.isTrue(odometer.canCorrect)
    assert.property(page.inertiaProps, 'dataQuality')

    const local = at.plus({ minutes: 5 }).setZone(user.timezone ?? 'Europe/Istanbul')
    const response = await client
      .post(vehicleAction(vehicle.id, true))
      .withCsrfToken()
      .loginAs(user)
      .header('referer', `/tr/panel/araclar/${vehicle.id}`)
      .json({ effectiveAt: local.toFormat("yyyy-LL-dd'T'HH:mm"), odometerKm: 6000 })
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage(
      'success',
      'Kilometre düzeltildi. O andan itibaren seferler yeniden oluşturuluyor.'
    )
    const corrections = await db.from('odometer_corrections').where('device_id', vehicle.id)
    assert.lengthOf(corrections, 1)
    assert.equal(corrections[0].created_by, user.id)
    assert.equal(Number(corrections[0].offset_m), 1_000_000)
  })

  test('bad input answers localized errors (en, tr, JSON 422) and changes nothing', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company)
    const english = await client
      .post(vehicleAction(vehicle.id))
      .withCsrfToken()
      .loginAs(user)
      .header('referer', `/backend/assets/${vehicle.id}`)
      .json({ effectiveAt: 'yesterday', odometerKm: -5 })
      .redirects(0)
    assert.deepEqual(inputErrors(english).effectiveAt, [
      'Enter a date and time, e.g. 2026-03-05 12:00.',
    ])
    assert.deepEqual(inputErrors(english).odometerKm, ['The odometer may not be negative.'])

    const turkish = await client
      .post(settingsPage[1])
      .withCsrfToken()
      .loginAs(user)
      .header('referer', settingsPage[1])
      .json({ deviceId: vehicle.id, effectiveAt: '2026-03-05T12:00' })
      .redirects(0)
    assert.deepEqual(inputErrors(turkish).odometerKm, ['Kilometreyi km olarak girin.'])

    const future = DateTime.now().plus({ days: 2 }).toFormat("yyyy-LL-dd'T'HH:mm")
    const json = await client
      .post(vehicleAction(vehicle.id))
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ effectiveAt: future, odometerKm: 10 })
    json.assertStatus(422)
    assert.equal(json.body().errors[0].message, 'The date and time may not be in the future.')

    const none = await db.from('odometer_corrections').where('company_id', company.id)
    assert.lengthOf(none, 0)
  })

  test("another company's vehicle answers 404 and is not corrected", async ({ client, assert }) => {
    const { user } = await createMember({ role: 'owner' })
    const other = await createMember({ role: 'owner' })
    const foreign = await createVehicle(other.company)
    const body = { effectiveAt: '2026-03-05T12:00', odometerKm: 10 }
    const direct = await client
      .post(vehicleAction(foreign.id))
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json(body)
    direct.assertStatus(404)
    const fromSettings = await client
      .post(settingsPage[0])
      .withCsrfToken()
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ ...body, deviceId: foreign.id })
    fromSettings.assertStatus(404)
    const quality = await client
      .get(`${qualityPage[0]}?deviceId=${foreign.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
    quality.assertStatus(404)
    assert.lengthOf(await db.from('odometer_corrections').where('device_id', foreign.id), 0)
  })

  test('a user (not a manager) may not correct an odometer', async ({ client, assert }) => {
    const { company } = await createMember({ role: 'owner' })
    const member = await User.create({
      email: `u-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(company, member, 'user')
    const vehicle = await createVehicle(company)
    const response = await client
      .post(vehicleAction(vehicle.id))
      .withCsrfToken()
      .loginAs(member)
      .header('accept', 'application/json')
      .json({ effectiveAt: '2026-03-05T12:00', odometerKm: 10 })
    response.assertStatus(403)
    assert.lengthOf(await db.from('odometer_corrections').where('device_id', vehicle.id), 0)
  })
})

test.group('Data quality page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists gaps, rejected readings with raw values, resets and flapping sensors', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company, { name: 'Truck 1' })
    const start = DateTime.now().minus({ days: 2 }).startOf('hour')
    await addPositions(vehicle, company.id, [
      { at: start, attributes: { ignition: true, odometer: 1_000_000, deviceOdometer: 1_000_000 } },
      // 0 after a reading: rejected, the cleaned odometer stays
      {
        at: start.plus({ minutes: 1 }),
        attributes: {
          odometer: 1_000_000,
          deviceOdometer: 0,
          flags: ['odometer:zero_after_nonzero'],
        },
      },
      // a GPS fix 2 degrees north one minute later: a jump
      {
        at: start.plus({ minutes: 2 }),
        lat: 43,
        attributes: {
          ignition: true,
          odometer: 1_000_000,
          deviceOdometer: 1_000_500,
          flags: ['gps:speed_jump'],
        },
      },
      // a silence of 2 hours, then a new tracker starting at 20 km, taken as the new base
      {
        at: start.plus({ hours: 2, minutes: 2 }),
        attributes: { odometer: 1_000_600, deviceOdometer: 20_000, flags: ['odometer:rebased'] },
      },
    ])
    const events = (count: number, row: (i: number) => { code: string; state: 'A' | 'F' | null }) =>
      db.table('events').multiInsert(
        Array.from({ length: count }, (_, i) => ({
          company_id: company.id,
          device_id: vehicle.id,
          event_time: start.plus({ minutes: 3 + i, seconds: row(i).code.length }).toJSDate(),
          ...row(i),
        }))
      )
    // The battery state flapping: 200 changes between NSC and HSO (one state, two codes).
    await events(200, (i) => ({ code: i % 2 ? 'HSO' : 'NSC', state: null }))
    // Input 1 on and off 60 times: 60 changes of one on/off state.
    await events(60, (i) => ({ code: '101', state: i % 2 ? 'F' : 'A' }))
    // 300 overspeed alarms repeated as A by the device, and 300 harsh brakings: no state changes.
    await events(300, () => ({ code: '105', state: 'A' }))
    await events(300, () => ({ code: 'A102', state: null }))
    // Input 2 on and off 20 times in the period (under 12 a day): not flapping.
    await events(20, (i) => ({ code: '102', state: i % 2 ? 'F' : 'A' }))
    const from = start.minus({ days: 1 }).toISODate()
    const to = DateTime.now().toISODate()
    const json = await client
      .get(`${qualityPage[0]}?from=${from}&to=${to}`)
      .loginAs(user)
      .header('accept', 'application/json')
    json.assertStatus(200)
    const body = json.body()
    const row = body.vehicles.find((v: any) => v.deviceId === vehicle.id)
    assert.equal(row.positions, 4)
    assert.equal(row.gaps, 1)
    assert.equal(row.longestGapSeconds, 7200)
    assert.equal(row.rejected, 2)
    assert.equal(row.resets, 1)
    assert.deepEqual(row.flags, {
      'gps:speed_jump': 1,
      'odometer:rebased': 1,
      'odometer:zero_after_nonzero': 1,
    })
    assert.equal(row.flapping, 2)
    assert.deepEqual(
      body.flapping.map((flap: any) => [flap.code, flap.changes]),
      [
        ['battery', 200],
        ['101', 60],
      ]
    )
    assert.isTrue(body.gaps[0].ignitionOn)
    const zero = body.rejected.find((r: any) => r.flags.includes('odometer:zero_after_nonzero'))
    assert.equal(zero.previousRawOdometerKm, 1000)
    assert.equal(zero.rawOdometerKm, 0)
    const jump = body.rejected.find((r: any) => r.flags.includes('gps:speed_jump'))
    assert.closeTo(jump.jumpKm, 222.4, 0.5)
    assert.isAbove(jump.impliedSpeedKmh, 10_000)
    assert.equal(body.resets[0].previousRawOdometerKm, 1000.5)
    assert.equal(body.resets[0].rawOdometerKm, 20)

    for (const [index, path] of qualityPage.entries()) {
      const page = await client.get(`${path}?from=${from}&to=${to}`).loginAs(user).withInertia()
      page.assertInertiaComponent('fleet/data_quality')
      assert.equal(
        page.inertiaProps.messages['live.data_quality.flags.odometer:rebased'],
        index === 0 ? 'Odometer reset taken as new base' : 'Sıfırlama yeni taban olarak alındı'
      )
    }
  })

  test('a bad or too long period answers a localized 422', async ({ client, assert }) => {
    const { user } = await createMember({ role: 'owner' })
    const long = await client
      .get(`${qualityPage[0]}?from=2026-01-01&to=2026-03-01`)
      .loginAs(user)
      .header('accept', 'application/json')
    long.assertStatus(422)
    assert.equal(long.body().errors[0].message, 'The period may be at most 31 days.')
    const reversed = await client
      .get(`${qualityPage[1]}?from=2026-03-05&to=2026-03-01`)
      .loginAs(user)
      .header('accept', 'application/json')
    reversed.assertStatus(422)
    assert.equal(
      reversed.body().errors[0].message,
      'Bitiş, Başlangıç alanındaki tarihten önce olamaz.'
    )
  })
})
