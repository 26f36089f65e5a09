import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const entry = (deviceId: number, values: Record<string, unknown> = {}) => ({
  entry_date: '2026-11-20',
  device_id: deviceId,
  litres: 42.5,
  unit_price: 44.9,
  total: 1908.25,
  voucher_no: 'F-1001',
  total_km: 120345.6,
  gps_km: 120301.2,
  supplier: 'Opet Kadıköy',
  invoice_amount: 1908.25,
  note: 'Full tank',
  ...values,
})

test.group('Fuel log', () => {
  test('a manager adds an entry: money in cents, listed in the table and on the vehicle card', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const van = await createVehicle(company, { name: 'Van' })
    const response = await client
      .post('/backend/fleet/fuel-log')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/fleet/fuel-log')
      .json(entry(van.id))
      .redirects(0)
    response.assertFlashMessage('success', 'Record created successfully!')
    const stored = await db.from('fuel_entries').where('company_id', company.id).firstOrFail()
    assert.equal(stored.device_id, van.id)
    assert.equal(Number(stored.litres), 42.5)
    assert.equal(Number(stored.unit_price_cents), 4490)
    assert.equal(Number(stored.total_cents), 190825)
    assert.equal(Number(stored.invoice_amount_cents), 190825)
    assert.equal(stored.voucher_no, 'F-1001')

    const listed = await client
      .get('/backend/fleet/fuel-log/data?fields=entry_date,vehicle,litres,total,supplier')
      .loginAs(user)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().data.map((row: any) => [row.vehicle, Number(row.litres), Number(row.total)]),
      [['Van', 42.5, 1908.25]]
    )

    const page = await client.get(`/backend/assets/${van.id}`).withInertia().loginAs(user)
    page.assertStatus(200)
    const fuelLog = page.inertiaProps.fuelLog as any
    assert.isTrue(fuelLog.canAdd)
    assert.equal(fuelLog.form.defaults.device_id, String(van.id))
    assert.deepInclude(fuelLog.entries[0], {
      date: '2026-11-20',
      litres: 42.5,
      total: 1908.25,
      unitPrice: 44.9,
      voucherNo: 'F-1001',
      supplier: 'Opet Kadıköy',
    })
    assert.deepEqual(
      fuelLog.lookups.device_id.map((option: any) => option.name),
      ['Van']
    )
  })

  for (const [path, required] of [
    ['/backend/fleet/fuel-log', 'The Litres field is required.'],
    ['/tr/panel/filo/yakit-kaydi', 'Litre alanı zorunludur.'],
  ] as const) {
    test(`bad input is refused with a localized message, nothing stored (${path})`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const van = await createVehicle(company)
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json(entry(van.id, { litres: '' }))
        .redirects(0)
      assert.deepEqual(inputErrors(response).litres, [required])
      assert.lengthOf(await db.from('fuel_entries').where('company_id', company.id), 0)
    })
  }

  test('another company cannot read, change, delete or add to a vehicle it does not own', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const van = await createVehicle(company)
    const [row] = await db
      .table('fuel_entries')
      .insert({
        company_id: company.id,
        device_id: van.id,
        entry_date: '2026-11-20',
        litres: 30,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const other = await createMember({ role: 'owner' })
    ;(await client.get(`/backend/fleet/fuel-log/data/${row.id}`).loginAs(other.user)).assertStatus(
      404
    )
    const update = await client
      .put(`/backend/fleet/fuel-log/${row.id}`)
      .withCsrfToken()
      .loginAs(other.user)
      .header('referer', '/backend/fleet/fuel-log')
      .json({ entry_date: '2026-11-21', device_id: van.id, litres: 1 })
      .redirects(0)
    update.assertStatus(404)
    const destroy = await client
      .delete(`/backend/fleet/fuel-log/${row.id}`)
      .withCsrfToken()
      .loginAs(other.user)
      .header('referer', '/backend/fleet/fuel-log')
      .redirects(0)
    destroy.assertStatus(404)
    const foreignVehicle = await client
      .post('/backend/fleet/fuel-log')
      .withCsrfToken()
      .loginAs(other.user)
      .header('referer', '/backend/fleet/fuel-log')
      .json(entry(van.id))
      .redirects(0)
    assert.isNotEmpty(inputErrors(foreignVehicle).device_id)
    const listed = await client.get('/backend/fleet/fuel-log/data').loginAs(other.user)
    assert.lengthOf(listed.body().data, 0)
    const kept = await db.from('fuel_entries').where('id', row.id).firstOrFail()
    assert.equal(Number(kept.litres), 30)
    assert.lengthOf(
      await db.from('fuel_entries').whereNot('company_id', company.id).where('device_id', van.id),
      0
    )
    void user
  })

  test('members below manager cannot add entries', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const van = await createVehicle(company)
    const response = await client
      .post('/backend/fleet/fuel-log')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/fleet/fuel-log')
      .json(entry(van.id))
      .redirects(0)
    assert.include([302, 403], response.status())
    assert.lengthOf(await db.from('fuel_entries').where('company_id', company.id), 0)
  })
})
