import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { failureReason } from '#crud/write_errors'

test.group('Write errors', () => {
  test('a database error becomes a localized reason, never its raw text', ({ assert }) => {
    const error = (code: string) =>
      Object.assign(new Error('duplicate key value violates "regions_name_unique"'), { code })
    assert.equal(failureReason(error('23505')), 'messages.record.reasons.duplicate')
    assert.equal(failureReason(error('23503')), 'messages.record.reasons.in_use')
    assert.equal(failureReason(error('22001')), 'messages.record.reasons.invalid')
    assert.equal(failureReason(new Error('connection reset')), 'messages.record.reasons.unexpected')
    for (const locale of ['en', 'tr']) {
      const text = i18nManager.locale(locale).t(failureReason(error('23505')))
      assert.notInclude(text, 'regions_name_unique')
      assert.isTrue(i18nManager.locale(locale).hasMessage(failureReason(error('23505'))))
    }
  })
})
