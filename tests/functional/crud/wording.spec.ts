import { test } from '@japa/runner'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { pathFor } from '#shared/route_table'
import { readableSize } from '#services/field_label_messages'

/** Issue 30, wording: fields named as people read them, sizes written "10 MB". */
test.group('Wording of validation messages', () => {
  test('sizes read "10 MB", not "10mb"', ({ assert }) => {
    assert.equal(readableSize('10mb'), '10 MB')
    assert.equal(readableSize('512kb'), '512 KB')
    assert.equal(readableSize('whatever'), 'whatever')
  })

  for (const [locale, expected] of [
    ['en', 'The Tax ID must not be longer than 50 characters.'],
    ['tr', 'Vergi numarası'],
  ] as const) {
    test(`the tax id is named "Tax ID" (${locale})`, async ({ client, assert }) => {
      const { user, company } = await createMember({ role: 'owner' })
      const path = pathFor('account.company-settings', locale)
      const response = await client
        .put(path)
        .withCsrfToken()
        .loginAs(user)
        .header('referer', path)
        .json({ name: company.name, tax_id: '9'.repeat(60) })
        .redirects(0)
      const [message] = inputErrors(response).tax_id
      assert.include(message, expected)
      assert.notMatch(message, /\btax\b/)
    })
  }
})
