import { test } from '@japa/runner'
import { BatchWriter, type SqlClient, type SqlPool } from '#tracking/pipeline/batch_writer'
import { connectionEventUnit, writerDevice } from './helpers/write_units.js'

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

const connectionEvent = (id: number) => connectionEventUnit(writerDevice(id))

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
