import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import { createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { baseUrl, signIn } from '#tests/helpers/http_session'

let imeiSequence = 0
function imei() {
  imeiSequence++
  return `35${Date.now().toString().slice(-10)}${String(imeiSequence).padStart(3, '0')}`
}

async function seedFleet(companyId: number) {
  const rows = [
    { name: 'Alpha', plate: '34 ABC 001', protocol: 'teltonika', brand: 'Ford', year: 2019 },
    { name: 'Bravo', plate: '34 ABC 002', protocol: 'gt06', brand: 'Fiat', year: 2021 },
    { name: 'Charlie', plate: null, protocol: 'teltonika', brand: 'ford', year: 2023 },
    { name: "O'Brien van", plate: '06 XYZ 99', protocol: 'osmand', brand: null, year: null },
  ]
  const ids: number[] = []
  for (const row of rows) {
    const [inserted] = await db
      .table('devices')
      .insert({
        ...row,
        imei: imei(),
        company_id: companyId,
        status: 'active',
        ownership: 'own',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    ids.push(inserted.id)
  }
  return ids
}

const list = (filter: string) => `/backend/settings/devices/data?fields=name&sort=name&${filter}`

test.group('Table query contract', () => {
  test('pages, sorts both ways and selects fields', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const ascending = await client
      .get('/backend/settings/devices/data?perPage=10&sort=name&order=asc&fields=name,plate')
      .loginAs(user)
    ascending.assertStatus(200)
    assert.deepEqual(
      ascending.body().data.map((row: any) => row.name),
      ['Alpha', 'Bravo', 'Charlie', "O'Brien van"]
    )
    assert.deepEqual(Object.keys(ascending.body().data[0]).sort(), ['id', 'name', 'plate'])
    assert.equal(ascending.body().meta.total, 4)

    const descending = await client
      .get('/backend/settings/devices/data?perPage=10&sort=name&order=desc&fields=name')
      .loginAs(user)
    assert.equal(descending.body().data[0].name, "O'Brien van")

    const secondPage = await client
      .get('/backend/settings/devices/data?perPage=10&page=2&sort=name')
      .loginAs(user)
    assert.lengthOf(secondPage.body().data, 0)
    assert.equal(secondPage.body().meta.lastPage, 1)
  })

  test('every filter operator', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const names = async (filter: string) => {
      const response = await client.get(list(filter)).loginAs(user)
      response.assertStatus(200)
      return response.body().data.map((row: { name: string }) => row.name)
    }
    assert.deepEqual(await names('filter[brand]=eq:Ford'), ['Alpha'])
    assert.deepEqual(await names('filter[brand]=neq:Ford'), ['Bravo', 'Charlie', "O'Brien van"])
    assert.deepEqual(await names(`filter[brand]=${encodeURIComponent('like:F*')}`), [
      'Alpha',
      'Bravo',
    ])
    assert.deepEqual(await names('filter[brand]=ilike:ford'), ['Alpha', 'Charlie'])
    assert.deepEqual(await names(`filter[plate]=${encodeURIComponent('similar:34 ABC 00(1|2)')}`), [
      'Alpha',
      'Bravo',
    ])
    assert.deepEqual(await names(`filter[brand]=${encodeURIComponent('not_like:F%')}`), [
      'Charlie',
      "O'Brien van",
    ])
    assert.deepEqual(await names('filter[brand]=not_ilike:ford'), ['Bravo', "O'Brien van"])
    assert.deepEqual(await names('filter[plate]=is_null'), ['Charlie'])
    assert.deepEqual(await names('filter[plate]=is_not_null'), ['Alpha', 'Bravo', "O'Brien van"])
    assert.deepEqual(await names('filter[year]=eq:2021'), ['Bravo'])
    assert.deepEqual(await names('filter[protocol]=eq:teltonika&filter[year]=neq:2019'), [
      'Charlie',
    ])
    // Numbers and dates compare; a range is two filters on two columns, or one bound.
    assert.deepEqual(await names('filter[year]=gt:2019'), ['Bravo', 'Charlie'])
    assert.deepEqual(await names('filter[year]=gte:2021'), ['Bravo', 'Charlie'])
    assert.deepEqual(await names('filter[year]=lt:2021'), ['Alpha'])
    assert.deepEqual(await names('filter[year]=lte:2021'), ['Alpha', 'Bravo'])
    assert.deepEqual(await names(`filter[created_at]=gte:${DateTime.utc().year - 1}-01-01`), [
      'Alpha',
      'Bravo',
      'Charlie',
      "O'Brien van",
    ])
    assert.deepEqual(await names(`filter[created_at]=lt:2000-01-01`), [])
  })

  test('comparing text, or a number with words, is refused in the page language', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const onText = await client.get(list('filter[brand]=gt:Ford')).loginAs(user)
    onText.assertStatus(422)
    assert.match(JSON.stringify(onText.body()), /compare numbers and dates only/)
    const turkish = await client
      .get(`/tr/panel/ayarlar/cihazlar/data?fields=name&filter[brand]=lte:Ford`)
      .loginAs(user)
    turkish.assertStatus(422)
    assert.match(JSON.stringify(turkish.body()), /yalnızca sayılar ve tarihler/)
    const wordsForNumber = await client.get(list('filter[year]=gt:recent')).loginAs(user)
    wordsForNumber.assertStatus(422)
    const wordsForDate = await client.get(list('filter[created_at]=lt:yesterday')).loginAs(user)
    wordsForDate.assertStatus(422)
  })

  test('search by plate or IMEI', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const device = await db
      .from('devices')
      .where('company_id', company.id)
      .where('name', 'Bravo')
      .firstOrFail()
    const byPlate = await client.get(list('q=abc 002')).loginAs(user)
    assert.deepEqual(
      byPlate.body().data.map((row: any) => row.name),
      ['Bravo']
    )
    const byImei = await client.get(list(`q=${device.imei.slice(-8)}`)).loginAs(user)
    assert.deepEqual(
      byImei.body().data.map((row: any) => row.name),
      ['Bravo']
    )
  })

  test('injection attempts fail safely', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const quoted = await client
      .get(list(`filter[name]=eq:${encodeURIComponent("' OR 1=1 --")}`))
      .loginAs(user)
    quoted.assertStatus(200)
    assert.lengthOf(quoted.body().data, 0)
    const apostrophe = await client
      .get(list(`filter[name]=eq:${encodeURIComponent("O'Brien van")}`))
      .loginAs(user)
    assert.deepEqual(
      apostrophe.body().data.map((row: any) => row.name),
      ["O'Brien van"]
    )
    const searchPercent = await client.get(list('q=%25')).loginAs(user)
    assert.lengthOf(searchPercent.body().data, 0)

    for (const bad of [
      'sort=name;DROP TABLE devices',
      'sort=devices.company_id',
      'fields=name,(select password from users)',
      'filter[company_id]=eq:1',
      'filter[name]=drop:x',
      `filter[${encodeURIComponent('name) OR (1=1')}]=eq:x`,
      'order=sideways',
      'perPage=7',
      'filter[year]=eq:2021 OR 1=1',
      'from=yesterday',
    ]) {
      const response = await client.get(`/backend/settings/devices/data?${bad}`).loginAs(user)
      assert.equal(response.status(), 422, bad)
      assert.isNotEmpty(response.body().errors[0].message, bad)
    }
    assert.equal(
      Number((await db.from('devices').where('company_id', company.id).count('* as n'))[0].n),
      4
    )
  })

  test("a date range is days of the user's time zone", async ({ client, assert }) => {
    const { user, company } = await createMember()
    user.timezone = 'Europe/Istanbul'
    await user.save()
    const vehicle = await createVehicle(company, { name: 'Night van' })
    // 01:30 on 4 March and on 5 March in Istanbul (UTC+3): the evening before, in UTC.
    const early = DateTime.fromISO('2026-03-03T22:30:00Z')
    await seedTrip(vehicle, company, { start: early, count: 1 })
    await seedTrip(vehicle, company, { start: early.plus({ days: 1 }), count: 1 })
    const response = await client
      .get('/backend/history/tracking/data?fields=fix_time&from=2026-03-04&to=2026-03-04')
      .loginAs(user)
    response.assertStatus(200)
    const times = response.body().data.map((row: { fix_time: string }) => row.fix_time)
    assert.lengthOf(times, 1)
    assert.equal(DateTime.fromISO(times[0]).toUTC().toISO(), '2026-03-03T22:30:00.000Z')
  })

  test('invalid input is answered with a clear message in the page language', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const english = await client
      .get('/backend/settings/devices/data?filter[name]=drop:x')
      .loginAs(user)
    english.assertStatus(422)
    assert.include(english.body().errors[0].message, '“drop” is not a filter operator')
    const turkish = await client.get('/tr/panel/ayarlar/cihazlar/data?sort=nope').loginAs(user)
    turkish.assertStatus(422)
    assert.include(turkish.body().errors[0].message, 'adlı bir sütun yok')

    // Columns and parameters are named as the page names them, not by their raw names.
    const column = await client
      .get('/backend/fleet/traffic-fines/data?filter[fine_date]=eq:soon&from=yesterday')
      .loginAs(user)
    column.assertStatus(422)
    const messages = column.body().errors.map((error: { message: string }) => error.message)
    assert.includeMembers(messages, [
      'Start date must be a date (YYYY-MM-DD).',
      'The filter on “Fine date” needs a date.',
    ])
    const turkishColumn = await client
      .get('/tr/panel/filo/trafik-cezalari/data?filter[amount]=eq:lots')
      .loginAs(user)
    turkishColumn.assertStatus(422)
    assert.notInclude(turkishColumn.body().errors[0].message, 'amount')
  })

  test('the page itself server-renders its first page of rows', async ({ client }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const response = await client
      .get('/backend/fleet/devices?sort=name&order=desc')
      .withInertia()
      .loginAs(user)
    response.assertInertiaComponent('crud/resource_index')
    response.assertInertiaPropsContains({ resource: { key: 'devices' } })
    const initial = response.inertiaProps.initial as { data: { name: string }[] }
    response.assertStatus(200)
    if (initial.data[0].name !== "O'Brien van") throw new Error('initial rows not sorted as asked')
  })

  test('a partial reload answers only the rows and issues of the new query', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await seedFleet(company.id)
    const response = await client
      .get('/backend/fleet/devices?sort=name&order=asc&filter[brand]=ilike:ford')
      .withInertiaPartialReload('crud/resource_index', ['initial', 'issues'])
      .loginAs(user)
    response.assertStatus(200)
    assert.sameMembers(Object.keys(response.inertiaProps), ['initial', 'issues'])
    const initial = response.inertiaProps.initial as { data: { name: string }[] }
    assert.deepEqual(
      initial.data.map((row) => row.name),
      ['Alpha', 'Charlie']
    )

    const wrong = await client
      .get('/tr/panel/ayarlar/cihazlar?sort=nope')
      .withInertiaPartialReload('crud/resource_index', ['initial', 'issues'])
      .loginAs(user)
    assert.isNull(wrong.inertiaProps.initial)
    assert.lengthOf(wrong.inertiaProps.issues as unknown[], 1)

    const tracking = await client
      .get('/backend/history/tracking?perPage=10')
      .withInertiaPartialReload('crud/resource_index', ['initial', 'issues'])
      .loginAs(user)
    tracking.assertStatus(200)
    const positions = tracking.inertiaProps.initial as {
      data: unknown[]
      meta: { perPage: number }
    }
    assert.deepEqual(positions.data, [])
    assert.equal(positions.meta.perPage, 10)
  })
})

test.group('Resource writes', () => {
  test('a vehicle is created, its IMEI kept unique, updated and deleted', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const first = imei()
    const created = await client
      .post('/backend/settings/devices')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/devices')
      .json({
        name: 'New van',
        imei: first,
        protocol: 'teltonika',
        ownership: 'own',
        status: 'active',
        year: 2024,
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const device = await db.from('devices').where('imei', first).firstOrFail()
    assert.equal(device.company_id, company.id)
    assert.equal(device.year, 2024)

    const duplicate = await client
      .post('/tr/panel/ayarlar/cihazlar')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/tr/panel/ayarlar/cihazlar')
      .json({
        name: 'Copy',
        imei: first,
        protocol: 'teltonika',
        ownership: 'own',
        status: 'active',
      })
      .redirects(0)
    assert.deepEqual(inputErrors(duplicate).imei, ['Bu IMEI ile kayıtlı bir cihaz zaten var.'])

    const updated = await client
      .put(`/backend/settings/devices/${device.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/devices')
      .json({
        name: 'Renamed van',
        imei: first,
        protocol: 'teltonika',
        ownership: 'rental',
        status: 'passive',
      })
      .redirects(0)
    updated.assertFlashMessage('success', 'Record updated successfully!')
    const after = await db.from('devices').where('id', device.id).firstOrFail()
    assert.equal(after.name, 'Renamed van')
    assert.equal(after.ownership, 'rental')
    assert.isNull(after.year)

    const deleted = await client
      .delete(`/backend/settings/devices/${device.id}`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/devices')
      .redirects(0)
    deleted.assertFlashMessage('success', 'Item deleted successfully')
    assert.isNull(await db.from('devices').where('id', device.id).first())
  })

  test('a plain user cannot write', async ({ client, assert }) => {
    const { user } = await createMember({ role: 'user' })
    const response = await client
      .post('/backend/settings/device-groups')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/device-groups')
      .json({ name: 'Nope' })
      .redirects(0)
    response.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNull(await db.from('device_groups').where('name', 'Nope').first())
  })

  test('a driver is assigned to a vehicle and removed from it', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const [deviceId] = await seedFleet(company.id)
    const [driver] = await db
      .table('drivers')
      .insert({
        company_id: company.id,
        name: 'Ayşe Yılmaz',
        status: 'active',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await client
      .post(`/backend/fleet/drivers/${driver.id}/assignment`)
      .withCsrfToken()
      .loginAs(user)
      .json({ deviceId })
    assert.equal(
      (await db.from('devices').where('id', deviceId).firstOrFail()).driver_id,
      driver.id
    )
    const listed = await client
      .get('/backend/fleet/drivers/data?fields=name,vehicles')
      .loginAs(user)
    assert.equal(listed.body().data[0].vehicles, 'Alpha')

    await client
      .delete(`/backend/fleet/drivers/${driver.id}/assignment`)
      .withCsrfToken()
      .loginAs(user)
      .json({ deviceId })
    assert.isNull((await db.from('devices').where('id', deviceId).firstOrFail()).driver_id)
  })

  test('the chosen columns are remembered per user and table', async ({ client, assert }) => {
    const { user } = await createMember()
    await client
      .put('/backend/settings/devices/preferences')
      .withCsrfToken()
      .loginAs(user)
      .json({ fields: 'imei,name,not_a_column', perPage: 50 })
    const page = await client.get('/backend/settings/devices').withInertia().loginAs(user)
    assert.deepEqual(page.inertiaProps.preferences, { fields: ['imei', 'name'], perPage: 50 })
  })
})

test.group('Tenancy of resource tables', () => {
  test("another company's device, driver and group answer 404", async ({ client, assert }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'owner' })
    const [deviceId] = await seedFleet(b.company.id)
    const [driver] = await db
      .table('drivers')
      .insert({
        company_id: b.company.id,
        name: 'Other driver',
        status: 'active',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const [group] = await db
      .table('device_groups')
      .insert({
        company_id: b.company.id,
        name: 'Other group',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')

    for (const [base, id] of [
      ['/backend/settings/devices', deviceId],
      ['/backend/fleet/drivers', driver.id],
      ['/backend/settings/device-groups', group.id],
    ] as const) {
      const show = await client.get(`${base}/data/${id}`).loginAs(a.user)
      show.assertStatus(404)
      const update = await client
        .put(`${base}/${id}`)
        .withCsrfToken()
        .loginAs(a.user)
        .json({ name: 'Hijacked' })
      update.assertStatus(404)
      const remove = await client.delete(`${base}/${id}`).withCsrfToken().loginAs(a.user)
      remove.assertStatus(404)
    }
    const assign = await client
      .post(`/backend/fleet/drivers/${driver.id}/assignment`)
      .withCsrfToken()
      .loginAs(a.user)
      .json({ deviceId })
    assign.assertStatus(404)
    const vehiclePage = await client.get(`/backend/assets/${deviceId}`).loginAs(a.user)
    vehiclePage.assertStatus(404)

    assert.equal((await db.from('devices').where('id', deviceId).firstOrFail()).name, 'Alpha')
    assert.isNotNull(await db.from('drivers').where('id', driver.id).first())
    assert.isNotNull(await db.from('device_groups').where('id', group.id).first())
    const listed = await client.get('/backend/settings/devices/data').loginAs(a.user)
    assert.lengthOf(listed.body().data, 0)
  })
})

test.group('Exports', () => {
  test('CSV and XLSX hold exactly the filtered rows', async ({ client, assert }) => {
    const { user, company } = await createMember({ password: 'export-password' })
    await seedFleet(company.id)
    const query = 'fields=name,brand&sort=name&filter[brand]=ilike:ford'
    const csv = await client
      .get(`/backend/settings/devices/export?${query}&format=csv`)
      .loginAs(user)
    csv.assertStatus(200)
    csv.assertHeader('x-total-rows', '2')
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    assert.deepEqual(lines, ['Name or plate,Brand', 'Alpha,Ford', 'Charlie,ford'])

    const cookie = await signIn(user.email, 'export-password')
    const xlsx = await fetch(`${baseUrl()}/backend/settings/devices/export?${query}&format=xlsx`, {
      headers: { cookie },
    })
    assert.equal(xlsx.status, 200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const sheet = workbook.worksheets[0]
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row: any) => row.slice(1))
    assert.deepEqual(values, [
      ['Name or plate', 'Brand'],
      ['Alpha', 'Ford'],
      ['Charlie', 'ford'],
    ])
  })
})

test.group('Unregistered devices', () => {
  test('an admin sees the IMEIs the listener refused and claims one', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const seenImei = imei()
    await db.table('unregistered_devices').insert({
      imei: seenImei,
      protocol: 'gt06',
      remote_address: '10.0.0.1',
      attempts: 3,
      first_seen_at: new Date(),
      last_seen_at: new Date(),
    })
    const page = await client
      .get('/backend/settings/unregistered-devices')
      .withInertia()
      .loginAs(user)
    page.assertInertiaComponent('tracking/unregistered_devices')
    const seen = page.inertiaProps.seen as { imei: string; protocol: string }[]
    assert.deepInclude(
      seen.map(({ imei: i, protocol }) => ({ imei: i, protocol })),
      { imei: seenImei, protocol: 'gt06' }
    )

    const claim = await client
      .post('/backend/settings/devices')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/unregistered-devices')
      .json({
        name: 'Claimed truck',
        imei: seenImei,
        protocol: 'gt06',
        ownership: 'own',
        status: 'active',
      })
      .redirects(0)
    claim.assertFlashMessage('success', 'Record created successfully!')
    const device = await db.from('devices').where('imei', seenImei).firstOrFail()
    assert.equal(device.company_id, company.id)
    assert.isNull(await db.from('unregistered_devices').where('imei', seenImei).first())
  })

  test('a plain user cannot see them', async ({ client }) => {
    const { user } = await createMember({ role: 'user' })
    const response = await client
      .get('/backend/settings/unregistered-devices')
      .loginAs(user)
      .redirects(0)
    response.assertHeader('location', '/backend/unauthorized')
  })
})
