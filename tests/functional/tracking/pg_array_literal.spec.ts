import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/** What PostgreSQL reads back from the literal, as JSON (NaN and infinities as text). */
async function roundTrip(values: unknown[], type: string): Promise<unknown[]> {
  const { rows } = await db.rawQuery(`SELECT to_json(?::${type}[]::text[]) AS back`, [
    pgArrayLiteral(values),
  ])
  return rows[0].back
}

test.group('Batch columns as PostgreSQL array literals', () => {
  test('text survives quotes, backslashes, commas, braces, empty strings and the word NULL', async ({
    assert,
  }) => {
    const texts = ['{"io":"a\\"b"}', 'back\\slash', 'a,b', '{}', '', 'NULL', 'Ağır Vasıta ÖÜ', null]
    assert.deepEqual(await roundTrip(texts, 'text'), texts)
  })

  test('JSON attributes arrive as the same objects', async ({ assert }) => {
    const attributes = [{ note: 'say "hi" \\ bye', ignition: true, io: [1, 2.5] }, {}]
    const { rows } = await db.rawQuery('SELECT unnest(?::jsonb[]) AS value', [
      pgArrayLiteral(attributes.map((value) => JSON.stringify(value))),
    ])
    assert.deepEqual(
      rows.map((row: { value: unknown }) => row.value),
      attributes
    )
  })

  test('numbers, booleans, dates and nulls keep their values', async ({ assert }) => {
    assert.deepEqual(await roundTrip([41.0082, -0, 1e-7, 123456789.125, null], 'float8'), [
      '41.0082',
      '0',
      '1e-07',
      '123456789.125',
      null,
    ])
    assert.deepEqual(await roundTrip([Number.NaN, Infinity], 'float8'), ['NaN', 'Infinity'])
    assert.deepEqual(await roundTrip([true, false, null], 'bool'), ['true', 'false', null])
    const { rows } = await db.rawQuery('SELECT unnest(?::timestamptz[]) AS time', [
      pgArrayLiteral([new Date('2026-11-22T03:04:05.678Z'), null]),
    ])
    assert.equal(rows[0].time.toISOString(), '2026-11-22T03:04:05.678Z')
    assert.isNull(rows[1].time)
  })

  test('anything else is refused before it reaches the database', ({ assert }) => {
    assert.throws(() => pgArrayLiteral([{ not: 'a column value' }]), TypeError)
  })
})
