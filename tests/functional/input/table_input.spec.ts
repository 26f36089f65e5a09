import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'

const DEVICES = '/backend/settings/devices'
const DEVICES_TR = '/tr/panel/ayarlar/cihazlar'

async function seedDevice(companyId: number, name = 'Alpha') {
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `99${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 1000)}`,
      protocol: 'teltonika',
      year: 2021,
      tank_capacity: 60.5,
      company_id: companyId,
      status: 'active',
      ownership: 'own',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

const q = (value: string) => encodeURIComponent(value)

test.group('Table query contract: hostile input answers 4xx', () => {
  test('Object.prototype keys are no columns on /data, /export and the page', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await seedDevice(company.id)
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const data = await client.get(`${DEVICES}/data?fields=name,${key}`).loginAs(user)
      data.assertStatus(422)
      assert.include(data.body().errors[0].message, `“${key}”`)
      const exported = await client.get(`${DEVICES}/export?fields=${key}`).loginAs(user)
      exported.assertStatus(422)
      const sorted = await client.get(`${DEVICES}/data?sort=${key}`).loginAs(user)
      sorted.assertStatus(422)
      // The query-string parser drops `filter[<Object.prototype key>]` itself.
      const filtered = await client.get(`${DEVICES}/data?filter[${key}]=eq:1`).loginAs(user)
      assert.isBelow(filtered.status(), 500)
      const page = await client.get(`${DEVICES}?fields=${key}`).loginAs(user).withInertia()
      page.assertStatus(200)
      assert.isNull(page.inertiaProps.initial)
      assert.equal(page.inertiaProps.issues[0].field, 'fields')
    }
  })

  test('a column choice of Object.prototype keys is not saved, and one saved before is ignored', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await seedDevice(company.id)
    const saved = await client
      .put(`${DEVICES}/preferences`)
      .withCsrfToken()
      .loginAs(user)
      .json({ fields: 'constructor,name,__proto__,name', perPage: 99999999 })
    // A page size the table never offers is refused, and nothing is stored.
    saved.assertStatus(422)
    const none = await db.from('table_preferences').where('user_id', user.id).first()
    assert.isNull(none)
    const kept = await client
      .put(`${DEVICES}/preferences`)
      .withCsrfToken()
      .loginAs(user)
      .json({ fields: 'constructor,name,__proto__,name' })
    kept.assertStatus(204)
    const row = await db
      .from('table_preferences')
      .where('user_id', user.id)
      .where('table_key', 'devices')
      .firstOrFail()
    assert.deepEqual(row.fields, ['name'])
    assert.isNull(row.per_page)

    // A choice stored before the check: the table works without a reset.
    await db
      .from('table_preferences')
      .where('user_id', user.id)
      .where('table_key', 'devices')
      .update({ fields: JSON.stringify(['constructor', 'plate', 'valueOf']), per_page: 7 })
    const page = await client.get(DEVICES).loginAs(user).withInertia()
    page.assertStatus(200)
    assert.deepEqual(page.inertiaProps.issues, [])
    assert.deepEqual(page.inertiaProps.preferences, { fields: ['plate'], perPage: null })
    assert.deepEqual(Object.keys(page.inertiaProps.initial.data[0]).sort(), ['id', 'name', 'plate'])
  })

  test('numbers outside the column type', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedDevice(company.id)
    for (const value of ['1.5', '1e20', '99999999999', '0x10', 'Infinity', ' 12', '1e400']) {
      const response = await client
        .get(`${DEVICES}/data?fields=name&filter[year]=${q(`eq:${value}`)}`)
        .loginAs(user)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'filter[year]', value)
    }
    const integer = await client
      .get(`${DEVICES}/data?fields=name&filter[year]=eq:1.5`)
      .loginAs(user)
    assert.equal(
      integer.body().errors[0].message,
      'The filter on “Year” needs a whole number in range.'
    )
    const turkish = await client
      .get(`${DEVICES_TR}/data?fields=name&filter[year]=eq:1.5`)
      .loginAs(user)
    assert.equal(
      turkish.body().errors[0].message,
      '“Model yılı” filtresi aralıkta bir tam sayı gerektirir.'
    )

    // A decimal column takes decimals; an exact integer still matches.
    const decimal = await client
      .get(`${DEVICES}/data?fields=name&filter[tank_capacity]=eq:60.5`)
      .loginAs(user)
    decimal.assertStatus(200)
    assert.lengthOf(decimal.body().data, 1)
    const year = await client.get(`${DEVICES}/data?fields=name&filter[year]=eq:2021`).loginAs(user)
    assert.lengthOf(year.body().data, 1)
  })

  test('patterns PostgreSQL refuses', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedDevice(company.id)
    for (const filter of [
      'similar:(',
      'similar:a{2',
      'like:abc\\',
      'ilike:x\\\\\\',
      'not_like:\\',
    ]) {
      const response = await client
        .get(`${DEVICES}/data?fields=name&filter[name]=${q(filter)}`)
        .loginAs(user)
      response.assertStatus(422)
      assert.equal(
        response.body().errors[0].message,
        'The pattern of the filter on “Name or plate” is not valid.',
        filter
      )
    }
    const turkish = await client
      .get(`${DEVICES_TR}/data?fields=name&filter[name]=${q('similar:(')}`)
      .loginAs(user)
    assert.equal(
      turkish.body().errors[0].message,
      '“Ad veya plaka” filtresinin deseni geçerli değil.'
    )
    // An escaped escape is a fine pattern.
    const escaped = await client
      .get(`${DEVICES}/data?fields=name&filter[name]=${q('like:Al\\\\')}`)
      .loginAs(user)
    escaped.assertStatus(200)
  })

  test('a NUL character anywhere in the query', async ({ client, assert }) => {
    const { user } = await createMember()
    for (const query of [
      'q=a%00b',
      'filter[name]=eq:a%00',
      'filter[name]=ilike:%00',
      'fields=name%00',
      'sort=%00',
      'from=2020-01-01%00',
    ]) {
      const response = await client.get(`${DEVICES}/data?${query}`).loginAs(user)
      assert.equal(response.status(), 422, query)
    }
    const message = await client.get(`${DEVICES}/data?q=a%00b`).loginAs(user)
    assert.equal(
      message.body().errors[0].message,
      'The value of “q” contains characters that cannot be used (a NUL character or broken text).'
    )
  })

  test('dates PostgreSQL rejects', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await seedDevice(company.id)
    for (const query of [
      'from=2020-W01',
      'to=2020-123',
      'from=+275760-01-01',
      'from=0000-01-01',
      `filter[created_at]=${q('eq:2020-W01')}`,
      `filter[inspection_date]=${q('neq:2020-W01-1')}`,
      `filter[created_at]=${q('eq:-000001-01-01')}`,
    ]) {
      const response = await client.get(`${DEVICES}/data?${query}`).loginAs(user)
      assert.equal(response.status(), 422, query)
    }
    const dated = await client
      .get(`${DEVICES}/data?filter[created_at]=${q('neq:2020-01-01T10:00:00+03:00')}`)
      .loginAs(user)
    dated.assertStatus(200)
    assert.lengthOf(dated.body().data, 1)
  })

  test('the positions table has no record route', async ({ client }) => {
    const { user } = await createMember()
    for (const suffix of ['1', '99999999999', 'abc', '1-2']) {
      const response = await client.get(`/backend/history/tracking/data/${suffix}`).loginAs(user)
      response.assertStatus(404)
    }
    const turkish = await client.get('/tr/panel/gecmis/takip/data/1').loginAs(user)
    turkish.assertStatus(404)
  })
})
