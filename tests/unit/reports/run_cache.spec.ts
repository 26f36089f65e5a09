import { test } from '@japa/runner'
import { MAX_CACHED_ROWS, ReportRunCache, cachedRows } from '#reports/engine/run_cache'

/** A computation that ends when told to, counting how often it was started. */
function gate<Value>() {
  let release!: (value: Value) => void
  let fail!: (error: Error) => void
  let runs = 0
  return {
    get runs() {
      return runs
    },
    compute: () => {
      runs++
      return new Promise<Value>((resolve, reject) => {
        release = resolve
        fail = reject
      })
    },
    release: (value: Value) => release(value),
    fail: (error: Error) => fail(error),
  }
}

test.group('Report run cache', () => {
  test('identical requests at the same time run once; later ones within the time are kept', async ({
    assert,
  }) => {
    let now = 1000
    const cache = new ReportRunCache<string>({ ttlMs: 30_000, maxEntries: 10, now: () => now })
    const first = gate<string>()
    const a = cache.get('k', first.compute)
    const b = cache.get('k', first.compute)
    first.release('figures')
    assert.deepEqual(await a, { value: 'figures', hit: false })
    assert.deepEqual(await b, { value: 'figures', hit: true })
    assert.equal(first.runs, 1)

    now += 29_999
    assert.deepEqual(await cache.get('k', async () => 'again'), { value: 'figures', hit: true })
    now += 1
    assert.deepEqual(await cache.get('k', async () => 'fresh'), { value: 'fresh', hit: false })
    // Another key is another computation.
    assert.deepEqual(await cache.get('other', async () => 'other'), { value: 'other', hit: false })
  })

  test('a failed run is not kept, and whoever waited on it computes on its own', async ({
    assert,
  }) => {
    const cache = new ReportRunCache<string>({ ttlMs: 30_000, maxEntries: 10 })
    const first = gate<string>()
    const a = cache.get('k', first.compute)
    const b = cache.get('k', async () => 'own')
    first.fail(new Error('canceling statement due to user request'))
    await assert.rejects(() => a, /canceling statement/)
    assert.deepEqual(await b, { value: 'own', hit: false })
    assert.deepEqual(await cache.get('k', async () => 'next'), { value: 'next', hit: false })
  })

  test('keeps at most maxEntries, the oldest dropped; a zero time keeps nothing', async ({
    assert,
  }) => {
    const cache = new ReportRunCache<number>({ ttlMs: 30_000, maxEntries: 2 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1)
    assert.deepEqual(await cache.get('a', async () => 2), { value: 2, hit: false })
    assert.deepEqual(await cache.get('c', async () => 3), { value: 1, hit: true })

    const none = new ReportRunCache<number>({ ttlMs: 0, maxEntries: 2 })
    let runs = 0
    await none.get('a', async () => ++runs)
    await none.get('a', async () => ++runs)
    assert.equal(runs, 2)
  })

  test('entries past their time are dropped, not kept until newer ones push them out', async ({
    assert,
  }) => {
    let now = 1000
    const cache = new ReportRunCache<number>({ ttlMs: 30_000, maxEntries: 200, now: () => now })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1)
    now += 10_000
    await cache.get('d', async () => 1)
    assert.equal(cache.size, 4)
    now += 20_000
    // a, b and c are 30 s old: gone; d (20 s) stays.
    assert.deepEqual(await cache.get('e', async () => 2), { value: 2, hit: false })
    assert.equal(cache.size, 2)
    assert.deepEqual(await cache.get('d', async () => 3), { value: 1, hit: true })
  })

  test('the rows of identical exports are read once and handed out as copies', async ({
    assert,
  }) => {
    const cache = new ReportRunCache<{ id: number; place: string }[]>({
      ttlMs: 30_000,
      maxEntries: 8,
    })
    let produced = 0
    const produce = async function* () {
      produced++
      for (let id = 1; id <= 3; id++) yield { id, place: `P${id}` }
    }
    const read = async (
      key: string,
      run: { total: number; totalIsLowerBound?: boolean; shared: boolean }
    ) => {
      const rows = []
      for await (const row of cachedRows(cache, key, run, produce)) rows.push(row)
      return rows
    }
    const run = { total: 3, shared: true }
    const first = await read('month', run)
    // An exporter changing its rows does not change what the next one reads.
    first[0].place = 'changed'
    const second = await read('month', run)
    assert.equal(produced, 1)
    assert.deepEqual(second, [
      { id: 1, place: 'P1' },
      { id: 2, place: 'P2' },
      { id: 3, place: 'P3' },
    ])
    // Another key runs again.
    await read('year', run)
    assert.equal(produced, 2)

    // Too many rows, an unknown count, a transaction's own data: streamed, never kept.
    for (const other of [
      { total: MAX_CACHED_ROWS + 1, shared: true },
      { total: 3, totalIsLowerBound: true, shared: true },
      { total: 3, shared: false },
    ]) {
      const before = produced
      assert.lengthOf(await read('big', other), 3)
      assert.lengthOf(await read('big', other), 3)
      assert.equal(produced, before + 2)
    }

    // A disabled cache (REPORT_CACHE_SECONDS=0) reads every time.
    const off = new ReportRunCache<{ id: number; place: string }[]>({ ttlMs: 0, maxEntries: 8 })
    const before = produced
    for (let time = 0; time < 2; time++) {
      for await (const row of cachedRows(off, 'month', run, produce)) assert.isObject(row)
    }
    assert.equal(produced, before + 2)
  })
})
