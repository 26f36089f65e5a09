import { test } from '@japa/runner'
import { endsInLoneEscape, fitsNumberType } from '#crud/list_params'
import { clientDatabaseError } from '#exceptions/database_errors'
import { bodyTextProblem, formBodyBytes } from '#middleware/body_text_middleware'
import { isRecordId } from '#shared/record_id'
import { isTimeZone } from '#shared/time_zones'

test.group('Input checks', () => {
  test('numbers must fit the column type', ({ assert }) => {
    assert.isTrue(fitsNumberType('2147483647', 'int4'))
    assert.isTrue(fitsNumberType('-2147483648', 'int4'))
    assert.isFalse(fitsNumberType('2147483648', 'int4'))
    assert.isFalse(fitsNumberType('1.5', 'int4'))
    assert.isFalse(fitsNumberType('1e2', 'int4'))
    assert.isFalse(fitsNumberType('32768', 'int2'))
    assert.isTrue(fitsNumberType('9223372036854775807', 'int8'))
    assert.isFalse(fitsNumberType('9223372036854775808', 'int8'))
    assert.isTrue(fitsNumberType('1.5', 'numeric'))
    assert.isTrue(fitsNumberType('1e20', 'float8'))
    assert.isFalse(fitsNumberType('1e400', 'float8'))
    assert.isFalse(fitsNumberType('1e39', 'float4'))
    for (const text of ['NaN', 'Infinity', '0x10', ' 1', '', '1,5', '--1']) {
      assert.isFalse(fitsNumberType(text, 'numeric'), text)
      assert.isFalse(fitsNumberType(text, undefined), text)
    }
  })

  test('a LIKE pattern must not end in a lone escape', ({ assert }) => {
    assert.isTrue(endsInLoneEscape('abc\\'))
    assert.isTrue(endsInLoneEscape('\\\\\\'))
    assert.isFalse(endsInLoneEscape('abc\\\\'))
    assert.isFalse(endsInLoneEscape('a\\%b'))
  })

  test('record ids are PostgreSQL integers', ({ assert }) => {
    assert.isTrue(isRecordId('1'))
    assert.isTrue(isRecordId('2147483647'))
    assert.isTrue(isRecordId(42))
    for (const value of ['0', '2147483648', '99999999999', '-1', '1.5', '1e3', '', 'abc', 1e21]) {
      assert.isFalse(isRecordId(value), String(value))
    }
  })

  test('time zones from the IANA list', ({ assert }) => {
    for (const zone of [
      'UTC',
      'Europe/Istanbul',
      'America/Argentina/Buenos_Aires',
      'Asia/Kolkata',
    ]) {
      assert.isTrue(isTimeZone(zone), zone)
    }
    for (const zone of ['utc', 'europe/istanbul', 'UTC+3', '+03:00', 'Mars/Olympus', '', 3]) {
      assert.isFalse(isTimeZone(zone), String(zone))
    }
  })

  test('body text: invalid UTF-8, lone surrogates and NUL characters', ({ assert }) => {
    assert.deepEqual(
      [...formBodyBytes('a=%C3%A7+b%2')],
      [0x61, 0x3d, 0xc3, 0xa7, 0x20, 0x62, 0x25, 0x32]
    )
    assert.isNull(bodyTextProblem('name=%C3%A7ay', { name: 'çay' }, true))
    assert.equal(bodyTextProblem('name=%FF', { name: '%FF' }, true), 'invalid_utf8')
    assert.equal(bodyTextProblem('{"name":"\uFFFD"}', { name: '\uFFFD' }, false), 'invalid_utf8')
    assert.equal(bodyTextProblem(null, { list: ['a', '\ud800'] }, false), 'invalid_utf8')
    assert.equal(bodyTextProblem(null, { nested: { a: 'x\u0000' } }, false), 'invalid_characters')
    assert.isNull(bodyTextProblem('{"n":"Ayşe"}', { n: 'Ayşe', count: 3, ok: true }, false))
  })

  test('database errors a request caused are client errors', ({ assert }) => {
    assert.deepEqual(clientDatabaseError({ code: '23505' }), {
      status: 409,
      key: 'input.errors.conflict',
    })
    for (const code of ['22P02', '22003', '22007', '22008', '2201B', '22025', '22021']) {
      assert.equal(clientDatabaseError({ code })?.status, 422, code)
    }
    assert.deepEqual(clientDatabaseError({ code: '57014' }), {
      status: 422,
      key: 'input.errors.too_heavy',
    })
    for (const error of [{ code: '57P01' }, { code: 'ECONNREFUSED' }, new Error('x'), null]) {
      assert.isNull(clientDatabaseError(error))
    }
  })
})
