import { test } from '@japa/runner'
import { BatchedLookup } from '#tracking/server/batched_lookup'

function lookup(maxKeys = 1000, fail = false) {
  const queries: number[][] = []
  const instance = new BatchedLookup<number, string>(
    async (keys) => {
      queries.push(keys)
      if (fail) throw new Error('database away')
      return new Map(keys.filter((key) => key % 2 === 0).map((key) => [key, `found ${key}`]))
    },
    (key) => `missing ${key}`,
    maxKeys
  )
  return { instance, queries }
}

test.group('Batched look-ups (login storms)', () => {
  test('look-ups of the same turn are one query; a key asked twice is asked once', async ({
    assert,
  }) => {
    const { instance, queries } = lookup()
    const results = await Promise.all([1, 2, 3, 2, 4].map((key) => instance.load(key)))
    assert.deepEqual(results, ['missing 1', 'found 2', 'missing 3', 'found 2', 'found 4'])
    assert.deepEqual(queries, [[1, 2, 3, 4]])
    assert.equal(await instance.load(6), 'found 6')
    assert.lengthOf(queries, 2)
  })

  test('at most maxKeys keys a query', async ({ assert }) => {
    const { instance, queries } = lookup(2)
    await Promise.all([1, 2, 3, 4, 5].map((key) => instance.load(key)))
    assert.deepEqual(queries, [[1, 2], [3, 4], [5]])
  })

  test('a failed query fails every look-up it carried', async ({ assert }) => {
    const { instance } = lookup(1000, true)
    const results = await Promise.allSettled([1, 2].map((key) => instance.load(key)))
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected']
    )
  })
})
