import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { readFileSync } from 'node:fs'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { fleetRecords } from '#crud/resources/index'
import { routeTable } from '#shared/route_table'
import type Company from '#models/company'

const lang = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../resources/lang/${locale}/crud.json`, import.meta.url), 'utf8')
  )
const en = lang('en')
const tr = lang('tr')

type Page = keyof typeof fleetRecords

/** A company's vehicle, driver and one row of each reference list its records point to. */
async function fixtures(company: Pick<Company, 'id'>) {
  const now = new Date()
  const named = async (table: string, name: string) => {
    const [row] = await db
      .table(table)
      .insert({ company_id: company.id, name, created_at: now, updated_at: now })
      .returning('id')
    return row.id as number
  }
  const vehicle = await createVehicle(company)
  return {
    vehicle: vehicle.id,
    driver: await named('drivers', 'Ayşe Yılmaz'),
    region: await named('regions', 'Marmara'),
    department: await named('departments', 'Logistics'),
    expenseCategory: await named('expense_categories', 'Cleaning'),
    fineType: await named('traffic_fine_types', 'Speeding'),
    insuranceType: await named('insurance_types', 'Comprehensive'),
    rentalCompany: await named('rental_companies', 'Rent Co'),
    servicePoint: await named('service_points', 'Central Garage'),
  }
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>

/** A valid record of each page, pointing to the company's own rows. */
const samples: Record<Page, (f: Fixtures) => Record<string, unknown>> = {
  'fleet.tires': (f) => ({
    change_date: '2026-11-01',
    device_id: f.vehicle,
    driver_id: f.driver,
    region_id: f.region,
    department_id: f.department,
    brand: 'Michelin',
    front_count: 2,
    rear_count: 2,
    status: 'in_use',
  }),
  'fleet.expense': (f) => ({
    expense_date: '2026-11-02',
    item: 'Car wash',
    category_id: f.expenseCategory,
    amount: 150.5,
    currency: 'TRY',
    device_id: f.vehicle,
    region_id: f.region,
  }),
  'fleet.accident': (f) => ({
    accident_date: '2026-10-01',
    device_id: f.vehicle,
    driver_id: f.driver,
    department_id: f.department,
    file_number: 'K-2026-1',
  }),
  'fleet.insurance': (f) => ({
    policy_number: 'P-100',
    device_id: f.vehicle,
    type_id: f.insuranceType,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    policy_amount: 12000,
    coverage_amount: 500000,
    additional_coverage: 25000,
    currency: 'TRY',
    agent_contact_name: 'Mehmet',
    agent_contact_surname: 'Demir',
    agent_email: 'agent@example.com',
    agent_phone: '+90 212 000 00 00',
  }),
  'fleet.paperwork': (f) => ({
    paper_date: '2026-11-03',
    device_id: f.vehicle,
    head_driver_id: f.driver,
    vehicle_manager: 'Can Öz',
    content: 'Registration certificate copy',
  }),
  'fleet.traffic-fines': (f) => ({
    fine_date: '2026-11-04',
    device_id: f.vehicle,
    driver_id: f.driver,
    type_id: f.fineType,
    amount: 1000,
    currency: 'TRY',
    status: 'unpaid',
  }),
  'fleet.rental-records': (f) => ({
    device_id: f.vehicle,
    rental_company_id: f.rentalCompany,
    start_date: '2025-01-01',
    end_date: '2025-12-31',
    fee: 25000,
    currency: 'TRY',
    payment_period: 'monthly',
  }),
  'fleet.service-records': (f) => ({
    entry_date: '2026-11-05',
    device_id: f.vehicle,
    service_point_id: f.servicePoint,
    reason: 'periodic_maintenance',
    amount: 3000,
    currency: 'TRY',
  }),
  'fleet.maintenance-records': (f) => ({
    record_date: '2026-11-06',
    device_id: f.vehicle,
    maintenance_type: 'oil_change',
    completed: false,
  }),
  'fleet.maintenance-schedule': (f) => ({
    device_id: f.vehicle,
    maintenance_type: 'oil_change',
    interval_days: 180,
    interval_km: 10000,
    next_date: '2027-05-01',
    next_distance_km: 60000,
  }),
}

const pages = Object.entries(fleetRecords).map(([page, resource]) => ({
  page: page as Page,
  resource,
  en: routeTable[page as Page].en,
  tr: routeTable[page as Page].tr,
}))

test.group('Fleet records', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const { page, resource, en: enPath, tr: trPath } of pages) {
    test(`${page}: created, listed, edited and deleted by a manager`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const f = await fixtures(company)
      const view = await client.get(enPath).loginAs(user).withInertia()
      view.assertStatus(200)
      view.assertInertiaComponent('crud/resource_index')
      assert.equal(view.inertiaProps.resource.key, resource.key)
      // The page renders on the server too, in both languages.
      const html = await client.get(enPath).loginAs(user)
      html.assertStatus(200)
      assert.include(html.text(), en[resource.key].title)
      const turkish = await client.get(trPath).loginAs(user)
      assert.include(turkish.text(), tr[resource.key].title)

      const sample = samples[page](f)
      const created = await client
        .post(enPath)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', enPath)
        .json(sample)
        .redirects(0)
      assert.deepEqual(inputErrors(created), {})
      created.assertFlashMessage('success', 'Record created successfully!')
      const row = await db.from(resource.table).where('company_id', company.id).firstOrFail()
      assert.equal(row.device_id, f.vehicle)

      const listed = await client.get(`${enPath}/data`).loginAs(user)
      listed.assertStatus(200)
      assert.lengthOf(listed.body().data, 1)
      // Filterable by vehicle and by date.
      const byVehicle = await client.get(`${enPath}/data?deviceId=${f.vehicle}`).loginAs(user)
      assert.lengthOf(byVehicle.body().data, 1)
      const exported = await client.get(`${enPath}/export?format=csv`).loginAs(user)
      exported.assertStatus(200)
      assert.equal(exported.header('x-total-rows'), '1')

      const record = await client.get(`${enPath}/data/${row.id}`).loginAs(user)
      assert.equal(record.body().device_id, f.vehicle)
      assert.notProperty(record.body(), 'company_id')

      const updated = await client
        .put(`${trPath}/${row.id}`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', trPath)
        .json(sample)
        .redirects(0)
      assert.deepEqual(inputErrors(updated), {})
      updated.assertFlashMessage('success', 'Kayıt başarıyla güncellendi!')

      const deleted = await client
        .delete(`${enPath}/${row.id}`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', enPath)
        .redirects(0)
      deleted.assertFlashMessage('success', 'Item deleted successfully')
      assert.isNull(await db.from(resource.table).where('id', row.id).first())
    })

    test(`${page}: required fields are named by their label, in both languages`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const required = resource.form.filter((field) => field.required).map((field) => field.name)
      assert.isAbove(required.length, 0)
      for (const [path, labels, message] of [
        [enPath, en, (label: string) => `The ${label} field is required.`],
        [trPath, tr, (label: string) => `${label} alanı zorunludur.`],
      ] as const) {
        const response = await client
          .post(path)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json({})
          .redirects(0)
        const errors = inputErrors(response)
        for (const field of required) {
          // A resource's own wording of the rule wins (the vehicle of a record).
          const own = labels[resource.key].messages?.[field]?.required
          assert.deepEqual(
            errors[field],
            [own ?? message(labels[resource.key].fields[field])],
            `${page} ${field}`
          )
        }
      }
      assert.lengthOf(await db.from(resource.table).where('company_id', company.id), 0)
    })

    test(`${page}: a record without its vehicle is refused with a localized message`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const body = samples[page](await fixtures(company))
      delete body.device_id
      for (const [path, expected] of [
        [enPath, 'Choose the vehicle this record is about.'],
        [trPath, 'Bu kaydın ait olduğu aracı seçin.'],
      ] as const) {
        const response = await client
          .post(path)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json(body)
          .redirects(0)
        assert.deepEqual(inputErrors(response).device_id, [expected], page)
      }
      assert.lengthOf(await db.from(resource.table).where('company_id', company.id), 0)
    })

    test(`${page}: another company's record answers 404 and a user cannot write`, async ({
      client,
      assert,
    }) => {
      const a = await createMember({ role: 'owner' })
      const b = await createMember({ role: 'owner' })
      const fb = await fixtures(b.company)
      const body = samples[page](fb)
      await client
        .post(enPath)
        .withCsrfToken()
        .loginAs(b.user)
        .header('referer', enPath)
        .json(body)
        .redirects(0)
      const row = await db.from(resource.table).where('company_id', b.company.id).firstOrFail()

      const listed = await client.get(`${enPath}/data`).loginAs(a.user)
      assert.deepEqual(listed.body().data, [])
      ;(await client.get(`${enPath}/data/${row.id}`).loginAs(a.user)).assertStatus(404)
      const update = await client
        .put(`${enPath}/${row.id}`)
        .withCsrfToken()
        .loginAs(a.user)
        .json(body)
      update.assertStatus(404)
      const remove = await client.delete(`${trPath}/${row.id}`).withCsrfToken().loginAs(a.user)
      remove.assertStatus(404)
      assert.isNotNull(await db.from(resource.table).where('id', row.id).first())

      // Pointing a record of one's own at another company's vehicle is refused.
      const fa = await fixtures(a.company)
      const foreign = await client
        .post(enPath)
        .withCsrfToken()
        .loginAs(a.user)
        .header('referer', enPath)
        .json({ ...samples[page](fa), device_id: fb.vehicle })
        .redirects(0)
      assert.property(inputErrors(foreign), 'device_id')

      // A plain user reads the table but does not write.
      const member = await createMember({ role: 'user' })
      const fm = await fixtures(member.company)
      const refused = await client
        .post(enPath)
        .withCsrfToken()
        .loginAs(member.user)
        .header('referer', enPath)
        .json(samples[page](fm))
        .redirects(0)
      assert.notEqual(refused.status(), 200)
      assert.lengthOf(await db.from(resource.table).where('company_id', member.company.id), 0)
    })
  }

  test('money is kept in integer cents; a fine status outside the four is refused', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const f = await fixtures(company)
    const expensePath = routeTable['fleet.expense'].en
    await client
      .post(expensePath)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', expensePath)
      .json(samples['fleet.expense'](f))
      .redirects(0)
    const expense = await db.from('expenses').where('company_id', company.id).firstOrFail()
    assert.equal(Number(expense.amount_cents), 15050)
    const listed = await client.get(`${expensePath}/data?fields=amount`).loginAs(user)
    assert.equal(Number(listed.body().data[0].amount), 150.5)

    const finesPath = routeTable['fleet.traffic-fines'].en
    const bad = await client
      .post(finesPath)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', finesPath)
      .json({ ...samples['fleet.traffic-fines'](f), status: 'forgiven' })
      .redirects(0)
    assert.deepEqual(inputErrors(bad).status, ['Please choose a valid Status.'])
    for (const status of ['paid', 'delayed_payment', 'discounted_payment', 'unpaid']) {
      const ok = await client
        .post(finesPath)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', finesPath)
        .json({ ...samples['fleet.traffic-fines'](f), status })
        .redirects(0)
      ok.assertFlashMessage('success', 'Record created successfully!')
    }
    const filtered = await client
      .get(`${finesPath}/data?filter[status]=eq:paid&from=2026-11-01&to=2026-11-30`)
      .loginAs(user)
    assert.lengthOf(filtered.body().data, 1)
  })

  test('an end date before its start is refused, in both languages', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const f = await fixtures(company)
    const path = routeTable['fleet.insurance']
    const body = { ...samples['fleet.insurance'](f), end_date: '2025-12-31' }
    const post = (url: string) =>
      client.post(url).withCsrfToken().loginAs(user).header('referer', url).json(body).redirects(0)
    assert.deepEqual(inputErrors(await post(path.en)).end_date, [
      'The End must not be before the Start.',
    ])
    assert.deepEqual(inputErrors(await post(path.tr)).end_date, [
      'Bitiş, Başlangıç alanındaki tarihten önce olamaz.',
    ])
    const services = routeTable['fleet.service-records'].en
    const early = await client
      .post(services)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', services)
      .json({ ...samples['fleet.service-records'](f), exit_date: '2026-11-04' })
      .redirects(0)
    assert.deepEqual(inputErrors(early).exit_date, [
      'The Exit date must not be before the Entry date.',
    ])
    assert.lengthOf(await db.from('insurances').where('company_id', company.id), 0)
  })

  test('a rental transfers ownership 12 months after it ends (spec §9)', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const f = await fixtures(company)
    const path = routeTable['fleet.rental-records'].en
    await client
      .post(path)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', path)
      .json(samples['fleet.rental-records'](f))
      .redirects(0)
    const listed = await client
      .get(`${path}/data?fields=end_date,ownership_transfer_date,rental_company`)
      .loginAs(user)
    const [row] = listed.body().data
    assert.match(String(row.ownership_transfer_date), /^2026-12-31/)
    assert.equal(row.rental_company, 'Rent Co')
  })

  test('drivers gain a region and a department from the company lists', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const f = await fixtures(company)
    const path = routeTable['fleet.drivers'].en
    const created = await client
      .post(path)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', path)
      .json({ name: 'Zeynep', status: 'active', region_id: f.region, department_id: f.department })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const listed = await client
      .get(`${path}/data?fields=name,region,department&filter[name]=eq:Zeynep`)
      .loginAs(user)
    assert.deepInclude(listed.body().data[0], { region: 'Marmara', department: 'Logistics' })
  })
})
