import { test } from '@japa/runner'
import { translate } from '../../inertia/lib/i18n.js'
import { clientMessage } from '#services/page_messages'

/** The messages as a page receives them from the server. */
const asSent = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, clientMessage(text)]))

const en = asSent({
  greeting: 'Hello {name}!',
  trips: '{count, plural, one {# trip} other {# trips}}',
  plain: 'No placeholders',
})
const tr = asSent({
  greeting: 'Merhaba {name}!',
  trips: '{count, plural, one {# seyahat} other {# seyahat}}',
})

test.group('Page translations (ICU)', () => {
  test('fills {name} placeholders in both languages', ({ assert }) => {
    assert.equal(translate(en, 'greeting', { name: 'Ayşe' }, 'en'), 'Hello Ayşe!')
    assert.equal(translate(tr, 'greeting', { name: 'Ayşe' }, 'tr'), 'Merhaba Ayşe!')
    assert.equal(translate(en, 'plain', undefined, 'en'), 'No placeholders')
  })

  test('chooses the plural form of the language', ({ assert }) => {
    assert.equal(translate(en, 'trips', { count: 1 }, 'en'), '1 trip')
    assert.equal(translate(en, 'trips', { count: 3 }, 'en'), '3 trips')
    assert.equal(translate(en, 'trips', { count: 1200 }, 'en'), '1,200 trips')
    assert.equal(translate(tr, 'trips', { count: 3 }, 'tr'), '3 seyahat')
    assert.equal(translate(tr, 'trips', { count: 1200 }, 'tr'), '1.200 seyahat')
  })

  test('text and placeholders are sent as text; only plural messages are sent parsed', ({
    assert,
  }) => {
    assert.equal(en.greeting, 'Hello {name}!')
    assert.equal(en.plain, 'No placeholders')
    assert.isArray(en.trips)
    assert.equal(clientMessage('{broken'), '{broken')
  })

  test('a missing key answers the key; a missing value keeps its placeholder', ({ assert }) => {
    assert.equal(translate(en, 'nope', {}, 'en'), 'nope')
    assert.equal(translate(en, 'greeting', { other: 1 }, 'en'), 'Hello {name}!')
  })
})
