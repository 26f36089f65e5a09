import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { checkPasses, vehicleCheckItems } from '#shared/vehicle_check'

const CHECKS = '/backend/fleet/vehicle-check'
const today = () => DateTime.now().setZone('Europe/Istanbul')

function scores(value: number, overrides: Record<string, number> = {}) {
  return { ...Object.fromEntries(vehicleCheckItems.map((item) => [item, value])), ...overrides }
}

async function seedCheck(
  companyId: number,
  deviceId: number,
  checkDate: string,
  values: Record<string, number>
) {
  const [row] = await db
    .table('vehicle_checks')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      type: 'daily',
      check_date: checkDate,
      ...values,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

test.group('Vehicle checks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member files a check from the phone form; its average and lowest are listed', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    await user.refresh()
    const vehicle = await createVehicle(company, { plate: '34 ABC 123', brand: 'Ford' })
    const form = await client.get('/forms/vehicle-check').loginAs(user).withInertia()
    form.assertInertiaComponent('fleet/vehicle_check_form')
    assert.deepEqual(form.inertiaProps.items, [...vehicleCheckItems])
    assert.deepEqual(form.inertiaProps.vehicles, [
      { id: vehicle.id, name: vehicle.name, plate: '34 ABC 123', brand: 'Ford' },
    ])

    const response = await client
      .post(CHECKS)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/forms/vehicle-check')
      .json({
        device_id: vehicle.id,
        type: 'pre_trip',
        check_date: today().toISODate(),
        ...scores(5, { windows: 3, tyres: '4' as unknown as number }),
        body_description: 'Small scratch on the rear bumper',
        control_description: 'Lights and horn work',
      })
      .redirects(0)
    response.assertFlashMessage('success', 'Record created successfully!')
    response.assertHeader('location', '/forms/vehicle-check')
    const row = await db.from('vehicle_checks').where('company_id', company.id).firstOrFail()
    assert.equal(row.inspector_id, user.id)
    assert.equal(row.tyres, 4)

    const list = await client
      .get(`${CHECKS}/data?fields=device,plate,brand,type,average,lowest,inspector`)
      .loginAs(user)
    const [listed] = list.body().data
    assert.equal(listed.device, vehicle.name)
    assert.equal(listed.plate, '34 ABC 123')
    assert.equal(listed.brand, 'Ford')
    assert.equal(Number(listed.average), 4.77)
    assert.equal(listed.lowest, 3)
    assert.equal(listed.inspector, user.email)
  })

  test('a check filed from the phone takes a photo, shown to the company only', async ({
    client,
    assert,
  }) => {
    drive.fake()
    try {
      const { user, company } = await createMember({ role: 'user' })
      await user.refresh()
      const other = await createMember({ role: 'manager' })
      const vehicle = await createVehicle(company, { plate: '34 PHO 01' })
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64'
      )
      const fields = Object.fromEntries(
        Object.entries({
          device_id: vehicle.id,
          type: 'daily',
          check_date: today().toISODate()!,
          ...scores(4),
        }).map(([name, value]) => [name, String(value)])
      )
      const response = await client
        .post(CHECKS)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/forms/vehicle-check')
        .fields(fields)
        .file('photo', png, { filename: 'front.png', contentType: 'image/png' })
        .redirects(0)
      assert.deepEqual(inputErrors(response), {})
      const row = await db.from('vehicle_checks').where('company_id', company.id).firstOrFail()
      assert.isTrue(await drive.use().exists(row.photo_path))
      const listed = await client.get(`${CHECKS}/data?fields=photo`).loginAs(user)
      assert.equal(listed.body().data[0].photo, 'front.png')
      const served = await client.get(`${CHECKS}/${row.id}/files/photo`).loginAs(user)
      served.assertStatus(200)
      assert.equal(served.header('content-type'), 'image/png')
      const foreign = await client.get(`${CHECKS}/${row.id}/files/photo`).loginAs(other.user)
      foreign.assertStatus(404)

      // Not an image: refused with the field's message, nothing stored.
      const refused = await client
        .post(CHECKS)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', '/forms/vehicle-check')
        .fields(fields)
        .file('photo', Buffer.from('%PDF-1.4'), {
          filename: 'report.pdf',
          contentType: 'application/pdf',
        })
        .redirects(0)
      assert.deepEqual(inputErrors(refused).photo, [
        'The Photo must be one of these file types: jpg, jpeg, png, webp.',
      ])
      assert.lengthOf(await db.from('vehicle_checks').where('company_id', company.id), 1)
    } finally {
      drive.restore()
    }
  })

  for (const [path, message, missing] of [
    [CHECKS, 'The Tyres must be between 1 and 5.', 'The Shave field is required.'],
    [
      '/tr/panel/filo/arac-kontrolleri',
      'Lastikler 1 ile 5 arasında olmalıdır.',
      'Tıraş alanı zorunludur.',
    ],
  ] as const) {
    test(`each item is scored 1 to 5 (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'user' })
      const vehicle = await createVehicle(company)
      const values: Record<string, unknown> = scores(4, { tyres: 6, windows: 0 })
      delete values.shave
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ device_id: vehicle.id, type: 'daily', check_date: '2026-11-20', ...values })
        .redirects(0)
      const errors = inputErrors(response)
      assert.deepEqual(errors.tyres, [message])
      assert.lengthOf(errors.windows, 1)
      assert.deepEqual(errors.shave, [missing])
      assert.lengthOf(await db.from('vehicle_checks').where('company_id', company.id), 0)
    })
  }

  test('a member cannot edit or delete a check; a manager can', async ({ client, assert }) => {
    const { user: manager, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)
    const id = await seedCheck(company.id, vehicle.id, '2026-11-20', scores(4))
    const { addMember } = await import('#actions/accounts/team_membership')
    const member = await createMember({ role: 'user' })
    await addMember(company, member.user, 'user')
    await member.user.merge({ currentCompanyId: company.id }).save()
    const refused = await client
      .delete(`${CHECKS}/${id}`)
      .withCsrfToken()
      .loginAs(member.user)
      .header('accept', 'application/json')
    refused.assertStatus(403)

    const edit = await client
      .put(`${CHECKS}/${id}`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', CHECKS)
      .json({ device_id: vehicle.id, type: 'weekly', check_date: '2026-11-20', ...scores(2) })
      .redirects(0)
    edit.assertFlashMessage('success', 'Record updated successfully!')
    const row = await db.from('vehicle_checks').where('id', id).firstOrFail()
    assert.equal(row.type, 'weekly')
    assert.equal(row.seats, 2)
    const remove = await client
      .delete(`${CHECKS}/${id}`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', CHECKS)
      .redirects(0)
    remove.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await db.from('vehicle_checks').where('id', id).first())
  })

  test("another company's vehicle cannot be checked, its checks are a 404", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const vehicle = await createVehicle(company)
    const id = await seedCheck(company.id, vehicle.id, '2026-11-20', scores(4))
    const other = await createMember({ role: 'owner' })
    const foreign = await client
      .post(CHECKS)
      .withCsrfToken()
      .loginAs(other.user)
      .header('referer', CHECKS)
      .json({ device_id: vehicle.id, type: 'daily', check_date: '2026-11-20', ...scores(4) })
      .redirects(0)
    assert.isNotEmpty(inputErrors(foreign).device_id)
    for (const request of [
      client.get(`${CHECKS}/data/${id}`),
      client
        .put(`${CHECKS}/${id}`)
        .withCsrfToken()
        .json({ ...scores(1) }),
      client.delete(`${CHECKS}/${id}`).withCsrfToken(),
    ]) {
      const response = await request.loginAs(other.user).header('accept', 'application/json')
      response.assertStatus(404)
    }
    const lists = await Promise.all(
      [`${CHECKS}/data`, '/backend/fleet/successful-vehicle/data'].map((path) =>
        client.get(path).loginAs(other.user)
      )
    )
    for (const list of lists) assert.lengthOf(list.body().data, 0)
    // Another company's vehicle in the report: 404; their own report lists none of it.
    const reports = await client
      .get(
        `/backend/fleet/vehicle-check-reports?deviceId=${vehicle.id}&from=2026-11-01&to=2026-11-30`
      )
      .loginAs(other.user)
      .withInertia()
    reports.assertStatus(404)
    const own = await client
      .get('/backend/fleet/vehicle-check-reports?from=2026-11-01&to=2026-11-30')
      .loginAs(other.user)
      .withInertia()
    assert.lengthOf(own.inertiaProps.result.page.data, 0)
    assert.equal((await db.from('vehicle_checks').where('id', id).firstOrFail()).seats, 4)
    void user
  })

  test('the pass rule: none below 3 and an average of 4 or more', ({ assert }) => {
    assert.isTrue(checkPasses(scores(4) as never))
    assert.isTrue(checkPasses(scores(5, { windows: 3 }) as never))
    assert.isFalse(checkPasses(scores(5, { windows: 2 }) as never))
    assert.isFalse(checkPasses(scores(4, { windows: 3 }) as never))
  })

  test('successful vehicles: the latest check, within 30 days, passes', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    await user.refresh()
    const day = today()
    const passing = await createVehicle(company, { name: 'Passing' })
    const lowItem = await createVehicle(company, { name: 'Low item' })
    const old = await createVehicle(company, { name: 'Old check' })
    const recovered = await createVehicle(company, { name: 'Failed then passed' })
    const worsened = await createVehicle(company, { name: 'Passed then failed' })
    await createVehicle(company, { name: 'Never checked' })
    const recent = day.minus({ days: 2 }).toISODate()!
    const earlier = day.minus({ days: 10 }).toISODate()!
    await seedCheck(company.id, passing.id, recent, scores(4))
    await seedCheck(company.id, lowItem.id, recent, scores(5, { shoes: 2 }))
    await seedCheck(company.id, old.id, day.minus({ days: 31 }).toISODate()!, scores(5))
    await seedCheck(company.id, recovered.id, earlier, scores(1))
    await seedCheck(company.id, recovered.id, recent, scores(5))
    await seedCheck(company.id, worsened.id, earlier, scores(5))
    await seedCheck(company.id, worsened.id, recent, scores(3))

    const response = await client
      .get('/backend/fleet/successful-vehicle/data?fields=name,average,lowest,check_date&sort=name')
      .loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((row: { name: string }) => row.name),
      ['Failed then passed', 'Passing']
    )
    const page = await client.get('/backend/fleet/successful-vehicle').loginAs(user).withInertia()
    page.assertInertiaComponent('crud/resource_index')
    assert.isFalse(page.inertiaProps.resource.canWrite)

    const reports = await client
      .get(
        `/backend/fleet/vehicle-check-reports?deviceId=${worsened.id}&from=${earlier}&to=${day.toISODate()}`
      )
      .loginAs(user)
      .withInertia()
    reports.assertInertiaComponent('reports/show')
    const rows = reports.inertiaProps.result.page.data
    assert.deepEqual(
      rows.map((vehicle: { vehicle: string }) => vehicle.vehicle),
      ['Passed then failed']
    )
    assert.equal(rows[0].checks, 2)
    assert.equal(rows[0].average, 4)
    assert.equal(rows[0].windows, 4)
    assert.equal(rows[0].latest, recent)
    assert.isFalse(rows[0].passes)
    assert.include(reports.inertiaProps.result.totals, { vehicles: 1, checks: 2, passing: 0 })
    assert.isAbove(reports.inertiaProps.result.chart.labels.length, 0)
    // Every vehicle in Turkish, the last 90 days by default: the recovered one passes.
    const tr = await client.get('/tr/panel/filo/arac-kontrol-raporlari').loginAs(user).withInertia()
    tr.assertInertiaComponent('reports/show')
    const recoveredRow = tr.inertiaProps.result.page.data.find(
      (vehicle: { vehicle: string }) => vehicle.vehicle === 'Failed then passed'
    )
    assert.isTrue(recoveredRow.passes)
    assert.equal(tr.inertiaProps.input.from, day.minus({ days: 89 }).toISODate())
    const csv = await client
      .get(`/backend/fleet/vehicle-check-reports/export?format=csv&deviceId=${worsened.id}`)
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Passed then failed')
  })
})
