import { test } from '@japa/runner'
import { CompanyCache } from '#tracking/company_cache'

const TTL_MS = 60_000

/** Lets every promise callback queued so far run. */
const settled = () => new Promise((resolve) => setImmediate(resolve))

/** A cache over a fake loader whose loads finish only when the test says so. */
function cache() {
  let clock = 0
  let version = 0
  const loads: { companyId: number; finish: () => void; fail: () => void }[] = []
  const instance = new CompanyCache<string>({
    load: (companyId) =>
      new Promise<string>((resolve, reject) => {
        const value = `company ${companyId} v${++version}`
        loads.push({
          companyId,
          finish: () => resolve(value),
          fail: () => reject(new Error('database away')),
        })
      }),
    missing: 'nothing',
    ttlMs: TTL_MS,
    now: () => clock,
  })
  const loaded = async (companyId: number) => {
    const pending = instance.ready(companyId)
    loads.at(-1)!.finish()
    await pending
  }
  return {
    instance,
    loads,
    loaded,
    advance: (ms: number) => {
      clock += ms
    },
  }
}

test.group('CompanyCache', () => {
  test('the first load is awaited; then the value answers from memory until the TTL', async ({
    assert,
  }) => {
    const { instance, loads, advance } = cache()
    assert.equal(instance.get(1), 'nothing')
    const pending = instance.ready(1)
    assert.instanceOf(pending, Promise)
    loads[0].finish()
    await pending
    assert.equal(instance.get(1), 'company 1 v1')

    advance(TTL_MS - 1)
    assert.isNull(instance.ready(1))
    assert.lengthOf(loads, 1)

    advance(1)
    assert.isNull(instance.ready(1), 'a stale value is not waited for')
    assert.lengthOf(loads, 2)
  })

  test('one load per company in flight; other companies load on their own', async ({ assert }) => {
    const { instance, loads } = cache()
    const first = instance.ready(1)
    const second = instance.ready(1)
    assert.strictEqual(first, second)
    instance.ready(2)
    assert.deepEqual(
      loads.map((load) => load.companyId),
      [1, 2]
    )
    loads[0].finish()
    await first
    assert.equal(instance.get(1), 'company 1 v1')
    assert.equal(instance.get(2), 'nothing')
  })

  test('a stale value is served while it reloads, once, and replaced when the load ends', async ({
    assert,
  }) => {
    const { instance, loads, loaded, advance } = cache()
    await loaded(1)
    advance(TTL_MS)
    assert.isNull(instance.ready(1))
    assert.isNull(instance.ready(1))
    assert.lengthOf(loads, 2)
    assert.equal(instance.get(1), 'company 1 v1')
    loads[1].finish()
    await settled()
    assert.equal(instance.get(1), 'company 1 v2')
    assert.isNull(instance.ready(1))
    assert.lengthOf(loads, 2)
  })

  test('invalidating one company reloads it alone; without an id (or NaN) every company', async ({
    assert,
  }) => {
    const { instance, loads, loaded } = cache()
    await loaded(1)
    await loaded(2)

    instance.invalidate(1)
    assert.equal(instance.get(1), 'nothing')
    assert.equal(instance.get(2), 'company 2 v2')
    assert.instanceOf(instance.ready(1), Promise, 'an invalidated company waits for its load')
    assert.isNull(instance.ready(2))
    assert.lengthOf(loads, 3)

    instance.invalidate()
    assert.equal(instance.get(2), 'nothing')
    await loaded(2)
    instance.invalidate(Number.NaN)
    assert.equal(instance.get(2), 'nothing')
  })

  test('a failed load rejects its waiters, keeps what was there and is tried again', async ({
    assert,
  }) => {
    const { instance, loads, loaded, advance } = cache()
    const pending = instance.ready(1)
    loads[0].fail()
    await assert.rejects(() => pending!, 'database away')
    assert.equal(instance.get(1), 'nothing')

    await loaded(1)
    assert.lengthOf(loads, 2)
    assert.equal(instance.get(1), 'company 1 v2')

    advance(TTL_MS)
    assert.isNull(instance.ready(1))
    loads[2].fail()
    await settled()
    assert.equal(instance.get(1), 'company 1 v2', 'the stale value outlives a failed reload')
    assert.isNull(instance.ready(1))
    assert.lengthOf(loads, 4, 'the next ready tries again')
  })
})
