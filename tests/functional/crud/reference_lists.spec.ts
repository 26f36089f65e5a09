import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { referenceLists } from '#crud/resources/index'
import { routeTable } from '#shared/route_table'

/** The eight reference lists of the fleet menu, each declared in one short resource file. */
const lists = Object.entries(referenceLists).map(([page, resource]) => ({
  page,
  table: resource.table,
  en: routeTable[page as keyof typeof referenceLists].en,
  tr: routeTable[page as keyof typeof referenceLists].tr,
}))

async function seed(table: string, companyId: number, name: string) {
  const [row] = await db
    .table(table)
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

test.group('Reference lists', () => {
  for (const list of lists) {
    test(`${list.table}: created, listed, edited and deleted in the company`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const page = await client.get(list.en).loginAs(user).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('crud/resource_index')
      assert.equal(page.inertiaProps.resource.key, list.table)
      assert.equal(page.inertiaProps.resource.form[0].name, 'name')

      const created = await client
        .post(list.en)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', list.en)
        .json({ name: 'North', description: 'Up the hill' })
        .redirects(0)
      created.assertFlashMessage('success', 'Record created successfully!')
      const row = await db.from(list.table).where('company_id', company.id).firstOrFail()
      assert.equal(row.name, 'North')
      assert.isNotNull(row.created_at)

      const listed = await client.get(`${list.en}/data?fields=name,description`).loginAs(user)
      assert.deepEqual(listed.body().data, [
        { id: row.id, name: 'North', description: 'Up the hill' },
      ])

      // The edit form reads the transformer's fields, not the whole row.
      const record = await client.get(`${list.en}/data/${row.id}`).loginAs(user)
      assert.equal(record.body().name, 'North')
      assert.notProperty(record.body(), 'company_id')
      assert.notProperty(record.body(), 'created_at')

      const updated = await client
        .put(`${list.tr}/${row.id}`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', list.tr)
        .json({ name: 'Kuzey' })
        .redirects(0)
      updated.assertFlashMessage('success', 'Kayıt başarıyla güncellendi!')
      const after = await db.from(list.table).where('id', row.id).firstOrFail()
      assert.equal(after.name, 'Kuzey')
      assert.isNull(after.description)

      const deleted = await client
        .delete(`${list.en}/${row.id}`)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', list.en)
        .redirects(0)
      deleted.assertFlashMessage('success', 'Item deleted successfully')
      assert.isNull(await db.from(list.table).where('id', row.id).first())
    })

    test(`${list.table}: a name is required and unique in the company, in both languages`, async ({
      client,
      assert,
    }) => {
      const { user, company } = await createMember({ role: 'manager' })
      await seed(list.table, company.id, 'Taken')
      const other = await createMember({ role: 'manager' })
      await seed(list.table, other.company.id, 'Elsewhere')

      const post = (path: string, body: Record<string, unknown>) =>
        client
          .post(path)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json(body)
          .redirects(0)
      // The field is named by its label, as the form shows it.
      assert.deepEqual(inputErrors(await post(list.en, { name: '' })).name, [
        'The Name field is required.',
      ])
      assert.deepEqual(inputErrors(await post(list.tr, {})).name, ['Ad alanı zorunludur.'])
      assert.deepEqual(inputErrors(await post(list.en, { name: 'Taken' })).name, [
        'This Name is already in use.',
      ])
      assert.deepEqual(inputErrors(await post(list.tr, { name: 'Taken' })).name, [
        'Bu Ad zaten kullanılıyor.',
      ])
      // Another company's names do not count.
      const elsewhere = await post(list.en, { name: 'Elsewhere' })
      elsewhere.assertFlashMessage('success', 'Record created successfully!')
      assert.lengthOf(await db.from(list.table).where('company_id', company.id), 2)
    })

    test(`${list.table}: another company's row answers 404`, async ({ client, assert }) => {
      const a = await createMember({ role: 'owner' })
      const b = await createMember({ role: 'owner' })
      const id = await seed(list.table, b.company.id, 'Private')

      const listed = await client.get(`${list.en}/data`).loginAs(a.user)
      assert.deepEqual(listed.body().data, [])
      ;(await client.get(`${list.en}/data/${id}`).loginAs(a.user)).assertStatus(404)
      const update = await client
        .put(`${list.en}/${id}`)
        .withCsrfToken()
        .loginAs(a.user)
        .json({ name: 'Hijacked' })
      update.assertStatus(404)
      const remove = await client.delete(`${list.tr}/${id}`).withCsrfToken().loginAs(a.user)
      remove.assertStatus(404)
      assert.equal((await db.from(list.table).where('id', id).firstOrFail()).name, 'Private')
    })
  }

  test('a region counts its vehicles and vehicles pick it from the company list', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const regionId = await seed('regions', company.id, 'Marmara')
    const other = await createMember({ role: 'manager' })
    await seed('regions', other.company.id, 'Foreign')
    await db.table('devices').insert({
      company_id: company.id,
      name: 'Van',
      imei: `77${Date.now().toString().slice(-10)}`,
      protocol: 'teltonika',
      status: 'active',
      ownership: 'own',
      region_id: regionId,
      created_at: new Date(),
      updated_at: new Date(),
    })
    const regions = await client
      .get('/backend/fleet/regions/data?fields=name,vehicles')
      .loginAs(user)
    assert.deepEqual(regions.body().data, [{ id: regionId, name: 'Marmara', vehicles: 1 }])

    const page = await client.get('/backend/settings/devices').loginAs(user).withInertia()
    assert.deepEqual(page.inertiaProps.lookups.region_id, [{ id: regionId, name: 'Marmara' }])
    const vehicles = await client
      .get('/backend/settings/devices/data?fields=name,region')
      .loginAs(user)
    assert.equal(vehicles.body().data[0].region, 'Marmara')
  })

  test('rental companies and service points keep their contact and check the e-mail', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const bad = await client
      .post('/backend/fleet/rental-company')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/fleet/rental-company')
      .json({ name: 'Rent Co', email: 'not-an-address' })
      .redirects(0)
    assert.deepEqual(inputErrors(bad).email, ['Please enter a valid email address.'])
    await client
      .post('/backend/fleet/service-points')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/fleet/service-points')
      .json({ name: 'Oto Servis', city: 'Bursa', phone: '+90 224 000 00 00', email: 'a@b.co' })
    const point = await db.from('service_points').where('company_id', company.id).firstOrFail()
    assert.equal(point.city, 'Bursa')
    assert.equal(point.email, 'a@b.co')
  })
})
