import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { defineResource, exportColumns, i18nKeys } from '#crud/define_resource'
import { boolean, date, enumOf, money, number, reference, text } from '#crud/fields'
import { ListQueryError, parseListParams } from '#crud/list_params'
import { allResources } from '#crud/resources/index'
import { resourceForPage } from '#transformers/crud/resource_transformer'
import InventoryItem from '#models/inventory_item'

const statuses = ['open', 'closed'] as const

/** One declaration: every derived part below comes from it. */
const tickets = defineResource({
  key: 'tickets',
  table: 'tickets',
  fields: {
    id: number('tickets.id'),
    name: text('tickets.name', { form: { required: true, max: 20 } }),
    status: enumOf('tickets.status', statuses, { form: { required: true, default: 'open' } }),
    driver_id: reference('tickets.driver_id', { table: 'drivers' }, { form: {} }),
    price: money('price_cents', 'tickets', { form: {} }),
    urgent: boolean('tickets.urgent', { form: {} }),
    due_on: date('tickets.due_on', { form: {} }),
    notes: text('tickets.notes', { sortable: false, form: { multiline: true } }),
    age: number('(current_date - tickets.due_on)'),
  },
  defaultFields: ['name', 'status', 'driver'],
  write: { ability: 'manageFleet', model: InventoryItem },
})

function contextIn(locale: string) {
  return {
    company: { id: 7 },
    auth: { user: undefined },
    i18n: i18nManager.locale(locale),
  } as unknown as HttpContext
}

async function errorsOf(input: unknown, locale = 'en') {
  try {
    await tickets.write!.validate(contextIn(locale), input, null)
  } catch (error) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR)
      return Object.fromEntries(
        (error.messages as { field: string; message: string }[]).map((m) => [m.field, m.message])
      )
    throw error
  }
  return {}
}

test.group('defineResource', () => {
  test('columns and filters: each field, a reference brings its label', ({ assert }) => {
    assert.deepEqual(Object.keys(tickets.columns), [
      'id',
      'name',
      'status',
      'driver',
      'driver_id',
      'price',
      'urgent',
      'due_on',
      'notes',
      'age',
    ])
    assert.deepInclude(tickets.columns.driver, { sql: 'ref_driver.name', kind: 'text' })
    assert.deepInclude(tickets.columns.price, { sql: '(tickets.price_cents::float8 / 100)' })
    assert.equal(tickets.columns.price.kind, 'number')
    assert.isFalse(tickets.columns.notes.sortable)

    const params = parseListParams(tickets, { filter: { status: 'eq:open' }, sort: 'driver' })
    assert.deepEqual(params.filters, [{ column: 'status', operator: 'eq', value: 'open' }])
    assert.throws(
      () => parseListParams(tickets, { filter: { status: 'eq:lost' } }),
      ListQueryError as never
    )
    assert.throws(() => parseListParams(tickets, { sort: 'notes' }), ListQueryError as never)
  })

  test('the read query is scoped to the company and joins each reference', ({ assert }) => {
    const { sql, bindings } = tickets.query(db.connection(), { companyId: 7 }).toSQL()
    assert.include(
      sql,
      'left join "drivers" as "ref_driver" on "ref_driver"."id" = "tickets"."driver_id"'
    )
    assert.include(sql, '"tickets"."company_id" = ?')
    assert.deepEqual(bindings, [7])
  })

  test('the validator: required, enum, max length, in the request language', async ({ assert }) => {
    const english = await errorsOf({ status: 'lost', name: 'x'.repeat(21) })
    assert.equal(english.name, 'The name must not be longer than 20 characters.')
    assert.equal(english.status, 'Please choose a valid status.')
    const turkish = await errorsOf({}, 'tr')
    assert.match(turkish.name, /zorunlu/)
  })

  test('validated input becomes stored columns and model attributes', async ({ assert }) => {
    const values = await tickets.write!.validate(
      contextIn('en'),
      { name: ' Brakes ', status: 'open', price: 12.345, urgent: true, due_on: '2026-12-01' },
      null
    )
    assert.equal(values.name, 'Brakes')
    assert.equal(values.price_cents, 1235)
    assert.equal(values.urgent, true)
    assert.isNull(values.driver_id)
    assert.isNull(values.notes)
    assert.instanceOf(values.due_on, Date)
    const attributes = tickets.write!.attributes({ purchase_price_cents: 1235, name: 'x' })
    assert.deepEqual(attributes, { purchasePriceCents: 1235, name: 'x' })
  })

  test('the form the page receives, and the defaults of a new record', ({ assert }) => {
    const page = resourceForPage(tickets, true)
    assert.deepEqual(
      page.form.map((field) => [field.name, field.kind, field.required]),
      [
        ['name', 'text', true],
        ['status', 'enum', true],
        ['driver_id', 'reference', false],
        ['price', 'money', false],
        ['urgent', 'boolean', false],
        ['due_on', 'date', false],
        ['notes', 'textarea', false],
      ]
    )
    assert.deepEqual(page.form[1].values, ['open', 'closed'])
    assert.equal(page.form[3].step, '0.01')
    assert.isTrue(page.form[6].wide)
    assert.deepEqual(page.defaults, { status: 'open' })
    assert.notInclude(
      page.form.map((field) => field.name),
      'age'
    )
  })

  test('export columns and i18n keys', ({ assert }) => {
    assert.deepEqual(exportColumns(tickets, []), [
      { name: 'name', labelKey: 'crud.tickets.fields.name', kind: 'text' },
      { name: 'status', labelKey: 'crud.tickets.fields.status', kind: 'enum' },
      { name: 'driver', labelKey: 'crud.tickets.fields.driver', kind: 'text' },
    ])
    assert.deepEqual(
      exportColumns(tickets, ['price', 'unknown']).map((column) => column.name),
      ['price']
    )
    const keys = i18nKeys(tickets)
    assert.include(keys, 'crud.tickets.title')
    assert.include(keys, 'crud.tickets.fields.driver')
    assert.include(keys, 'crud.tickets.values.status.closed')
  })

  test('a mistyped declaration fails at boot', ({ assert }) => {
    assert.throws(
      () =>
        defineResource({
          key: 'broken',
          table: 'broken',
          fields: { name: text('broken.name') },
          defaultFields: ['nmae'],
        }),
      'broken: unknown default field nmae'
    )
  })

  test('every resource is translated in both languages', ({ assert }) => {
    for (const locale of ['en', 'tr']) {
      const i18n = i18nManager.locale(locale)
      for (const resource of allResources) {
        for (const key of i18nKeys(resource))
          assert.isTrue(i18n.hasMessage(key), `${locale} ${key}`)
      }
    }
  })
})
