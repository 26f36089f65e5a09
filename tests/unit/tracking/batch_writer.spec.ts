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

/** A client that can COPY; its COPY fails with `copyError` when one is set. `released`: the batch's. */
class CopyClient implements SqlPool {
  calls: string[] = []
  copySql: string[] = []
  copied: string[] = []
  released: boolean[] = []

  constructor(private readonly copyError: (Error & { code?: string }) | null = null) {}

  async acquire(): Promise<SqlClient> {
    return {
      query: async (text: string) => {
        // The month's partition, created once per writer.
        if (text.startsWith('CREATE TABLE')) return { rowCount: 0, rows: [] }
        this.calls.push(text.trim().split(/\s+/).slice(0, 3).join(' '))
        return { rowCount: 1, rows: [] }
      },
      copyIn: async (sql: string, data: Buffer) => {
        this.calls.push(sql.split(/\s+/).slice(0, 3).join(' '))
        this.copySql.push(sql)
        this.copied.push(data.toString())
        if (this.copyError) throw this.copyError
        return data.toString().split('\n').length - 1
      },
    }
  }

  release(_client: SqlClient, failed: boolean): void {
    this.released = [failed]
  }
}

function positionUnit(id: number, attributes: Record<string, unknown> = {}): WriteUnit {
  return {
    ...connectionEvent(id),
    positions: [
      {
        fixTime: new Date('2026-11-20T10:00:00Z'),
        serverTime: new Date('2026-11-20T10:00:01Z'),
        latitude: 41.5,
        longitude: 28.25,
        speed: 10,
        course: 90,
        altitude: 5,
        satellites: 8,
        valid: true,
        attributes,
      },
    ],
  }
}

const failure = (code: string) => Object.assign(new Error(`error ${code}`), { code })

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

  test('positions go by COPY as text rows, the other tables in the same round trip and transaction', async ({
    assert,
  }) => {
    const pool = new CopyClient()
    const writer = new BatchWriter(pool, { lingerMs: 0 })
    const written = positionUnit(7, { note: 'a\\b' })
    written.events[0].attributes = { ip: "it's \\ here" }
    await writer.write(written)
    assert.deepEqual(pool.calls, ['BEGIN; COPY positions'])
    assert.match(pool.copySql[0], /FROM STDIN; INSERT INTO events .* ON CONFLICT DO NOTHING; COMMIT$/s)
    // The event's JSON as an array element (quotes and backslashes escaped), dollar-quoted.
    assert.include(
      pool.copySql[0],
      '$batch${"{\\"ip\\":\\"it\'s \\\\\\\\ here\\"}"}$batch$::jsonb[]'
    )
    assert.equal(
      pool.copied[0],
      '7\t1\t2026-11-20T10:00:00.000Z\t2026-11-20T10:00:01.000Z\t41.5\t28.25\t10\t90\t5\t8\tt\t{"note":"a\\\\\\\\b"}\n'
    )
    assert.deepEqual(pool.released, [false])
    assert.equal(writer.committedPositions, 1)
  })

  test('a COPY refused for a duplicate is rolled back and the batch inserted skipping it', async ({
    assert,
  }) => {
    const pool = new CopyClient(failure('23505'))
    const writer = new BatchWriter(pool, { lingerMs: 0 })
    await writer.write(positionUnit(7))
    assert.deepEqual(pool.calls, ['BEGIN; COPY positions', 'ROLLBACK', 'WITH w0 AS'])
    assert.deepEqual(pool.released, [false])
  })

  test('any other COPY failure rolls back and fails the batch: nothing is acknowledged', async ({
    assert,
  }) => {
    const pool = new CopyClient(failure('57P01'))
    const writer = new BatchWriter(pool, { lingerMs: 0 })
    await assert.rejects(() => writer.write(positionUnit(7)), 'error 57P01')
    assert.deepEqual(pool.calls, ['BEGIN; COPY positions', 'ROLLBACK'])
    assert.deepEqual(pool.released, [true])
  })
})
