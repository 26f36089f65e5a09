import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'

async function seedItem(companyId: number) {
  const [item] = await db
    .table('inventory_items')
    .insert({
      company_id: companyId,
      name: 'Fire extinguisher',
      type: 'returnable',
      quantity: 4,
      currency: 'TRY',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return item.id as number
}

test.group('Inventory', () => {
  test('an item is stored with its price in cents', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const response = await client
      .post('/backend/inventory')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/inventory')
      .json({
        name: 'First-aid kit',
        type: 'non_returnable',
        quantity: 10,
        purchase_price: 349.9,
        currency: 'TRY',
      })
      .redirects(0)
    response.assertFlashMessage('success', 'Record created successfully!')
    const item = await db.from('inventory_items').where('company_id', company.id).firstOrFail()
    assert.equal(Number(item.purchase_price_cents), 34990)
  })

  for (const [path, message] of [
    ['/backend/inventory/assignments', 'Device or Driver Required!!!'],
    ['/tr/panel/envanter/zimmetler', 'Araç veya Sürücü seçmediniz!!!'],
  ] as const) {
    test(`an assignment needs a vehicle or a driver (${path})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'manager' })
      const itemId = await seedItem(company.id)
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ inventory_item_id: itemId, assigned_at: '2026-11-20' })
        .redirects(0)
      assert.deepEqual(inputErrors(response).device_id, [message])
      assert.lengthOf(await db.from('inventory_assignments').where('company_id', company.id), 0)
    })
  }

  test('an item is assigned to a driver, and another company cannot touch it', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const itemId = await seedItem(company.id)
    const [driver] = await db
      .table('drivers')
      .insert({
        company_id: company.id,
        name: 'Mehmet Kaya',
        status: 'active',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await client
      .post('/backend/inventory/assignments')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/inventory/assignments')
      .json({ inventory_item_id: itemId, driver_id: driver.id, assigned_at: '2026-11-20' })
    const assignment = await db
      .from('inventory_assignments')
      .where('company_id', company.id)
      .firstOrFail()
    assert.equal(assignment.driver_id, driver.id)
    assert.equal(assignment.assigned_by, user.id)
    const listed = await client
      .get('/backend/inventory/assignments/data?fields=item,driver')
      .loginAs(user)
    assert.deepEqual(
      listed.body().data.map((row: any) => [row.item, row.driver]),
      [['Fire extinguisher', 'Mehmet Kaya']]
    )

    const other = await createMember({ role: 'owner' })
    const foreign = await client
      .get(`/backend/inventory/assignments/data/${assignment.id}`)
      .loginAs(other.user)
    foreign.assertStatus(404)
    const foreignItem = await client
      .post('/backend/inventory/assignments')
      .withCsrfToken()
      .loginAs(other.user)
      .header('referer', '/backend/inventory/assignments')
      .json({ inventory_item_id: itemId, driver_id: driver.id, assigned_at: '2026-11-20' })
      .redirects(0)
    assert.isNotEmpty(inputErrors(foreignItem).inventory_item_id)
  })
})

test.group('Inventory edit form', () => {
  test('the edit endpoint answers the form fields only, money in units and dates as days', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const [item] = await db
      .table('inventory_items')
      .insert({
        company_id: company.id,
        name: 'Jack',
        type: 'returnable',
        quantity: 2,
        currency: 'EUR',
        purchase_price_cents: 1999,
        purchase_date: '2026-03-04',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const response = await client.get(`/backend/inventory/data/${item.id}`).loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      id: item.id,
      name: 'Jack',
      type: 'returnable',
      category: null,
      quantity: 2,
      purchase_price: 19.99,
      currency: 'EUR',
      purchase_date: '2026-03-04',
      supplier: null,
      location: null,
      description: null,
    })
  })
})
