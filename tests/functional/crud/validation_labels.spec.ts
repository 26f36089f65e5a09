import { test } from '@japa/runner'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { pathFor, type RouteName } from '#shared/route_table'
import { humanizeField } from '#services/field_label_messages'

/** Every resource page with a form (issue 15 item 5). */
const formPages: RouteName[] = [
  'settings.devices',
  'settings.drivers',
  'settings.device-groups',
  'inventory.items',
  'inventory.assignments',
]

test.group('Validation messages name fields as people see them', () => {
  for (const locale of ['en', 'tr'] as const) {
    test(`an empty form of each resource answers without column names (${locale})`, async ({
      client,
      assert,
    }) => {
      const { user } = await createMember({ role: 'owner' })
      let checked = 0
      for (const name of formPages) {
        const path = pathFor(name, locale)
        const response = await client
          .post(path)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json({})
          .redirects(0)
        assert.equal(response.status(), 302, path)
        const errors = inputErrors(response)
        assert.isAbove(Object.keys(errors).length, 0, `${path} accepted an empty form`)
        for (const [field, messages] of Object.entries(errors)) {
          for (const message of messages) {
            checked++
            assert.notMatch(message, /\b[a-z]+_[a-z0-9_]+\b/, `${path}: ${message}`)
            if (field.includes('_')) assert.notInclude(message, field, `${path}: ${message}`)
          }
        }
      }
      assert.isAbove(checked, 4)
    })
  }

  test('the assignment item is named by its label in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const english = await client
      .post('/backend/inventory/assignments')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/inventory/assignments')
      .json({})
      .redirects(0)
    const message = inputErrors(english).inventory_item_id?.[0] ?? ''
    assert.notInclude(message, 'inventory_item_id')
    assert.match(message, /required/i)
  })

  test('a field without a label reads in words', ({ assert }) => {
    assert.equal(humanizeField('inventory_item_id'), 'inventory item')
    assert.equal(humanizeField('assigned_at'), 'assigned at')
  })
})
