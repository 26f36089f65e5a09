import { test } from '@japa/runner'
import {
  BatchWriter,
  type SqlClient,
  type SqlPool,
  type WriteUnit,
} from '#tracking/pipeline/batch_writer'
import type { DeviceContext } from '#tracking/pipeline/enrich'

/** A pool whose statements finish only when the test says so; counts them in flight. */
class HeldPool implements SqlPool {
  inFlight = 0
  maxInFlight = 0
  statements: unknown[][] = []
  private waiting: (() => void)[] = []

  async acquire(): Promise<SqlClient> {
    return {
      query: (_text: string, values?: unknown[]) => {
        this.statements.push(values ?? [])
        this.inFlight++
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
        return new Promise((resolve) =>
          this.waiting.push(() => {
            this.inFlight--
            resolve({ rowCount: 1, rows: [] })
          })
        )
      },
      copyFrom: async () => 0,
    }
  }

  release(): void {}

  /** Lets every statement sent so far finish. */
  finishAll() {
    const pending = this.waiting
    this.waiting = []
    for (const finish of pending) finish()
  }
}

const device = (id: number): DeviceContext =>
  ({ id, companyId: 1, imei: String(id), protocol: 'teltonika' }) as DeviceContext

function connectionEvent(id: number): WriteUnit {
  return {
    device: device(id),
    positions: [],
    events: [
      {
        time: new Date(),
        code: 'CONNECTION',
        state: null,
        latitude: null,
        longitude: null,
        attributes: {},
      },
    ],
    state: null,
    trips: [],
    stops: [],
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

test.group('Batch writer', () => {
  test('commits at most `concurrency` batches at a time, and every unit once', async ({
    assert,
  }) => {
    const pool = new HeldPool()
    const writer = new BatchWriter(pool, { concurrency: 2, maxRows: 2, lingerMs: 0 })
    const writes = Array.from({ length: 10 }, (_, id) => writer.write(connectionEvent(id)))
    await tick()
    assert.equal(pool.inFlight, 2)
    while (pool.inFlight > 0) {
      pool.finishAll()
      await tick()
    }
    await Promise.all(writes)
    assert.equal(pool.maxInFlight, 2)
    // Every event was sent once, as array literals of its columns.
    const devices = pool.statements.flatMap((values) => String(values[1]).slice(1, -1).split(','))
    assert.sameMembers(
      devices,
      Array.from({ length: 10 }, (_, id) => String(id))
    )
  })

  test('a concurrency below one still commits, one batch at a time', async ({ assert }) => {
    const pool = new HeldPool()
    const writer = new BatchWriter(pool, { concurrency: 0, lingerMs: 0 })
    const written = writer.write(connectionEvent(1))
    await tick()
    assert.equal(pool.inFlight, 1)
    pool.finishAll()
    await written
  })
})
