import { test } from '@japa/runner'
import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { threadId } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import { writeCsv, writeXlsx } from '#crud/export'
import { exportPoolStats } from '#services/exports/export_pool'
import { writeXlsxHere } from '#services/exports/sheet_writers'
import { exportDialect, type SheetColumn } from '#services/exports/typed_cells'

const dialect = exportDialect('en', { timezone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy' })
const columns: SheetColumn[] = [
  { key: 'vehicle', label: 'Vehicle', type: 'text' },
  { key: 'start', label: 'Start', type: 'datetime' },
  { key: 'duration', label: 'Duration', type: 'duration' },
  { key: 'distance', label: 'Distance (km)', type: 'number' },
  { key: 'maxSpeed', label: 'Max speed', type: 'integer' },
  { key: 'amount', label: 'Amount', type: 'money' },
  { key: 'latitude', label: 'Latitude', type: 'coordinate' },
  { key: 'note', label: 'Note', type: 'text' },
]

/** Rows as fast as they can be asked for (no database between them): the worst case for the loop. */
async function* manyRows(count: number, pulled = { count: 0 }) {
  const start = Date.parse('2026-01-01T00:00:00Z')
  for (let index = 0; index < count; index++) {
    pulled.count++
    yield [
      `Vehicle ${index % 1000}`,
      new Date(start + index * 60_000),
      index % 86_400,
      index * 0.37,
      index % 130,
      index * 12.5,
      41 + index / 1e6,
      index % 7 === 0 ? '=HYPERLINK("http://evil")' : `trip ${index}`,
    ]
  }
}

/**
 * How busy the main thread's event loop is while `work` runs (its utilization, 0 to 1: the
 * share of the time other requests would have to wait) and its longest stall (ms).
 */
async function mainThreadLoad(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const start = performance.eventLoopUtilization()
  await work()
  const utilization = performance.eventLoopUtilization(start).utilization
  histogram.disable()
  return { utilization, stall: histogram.max / 1e6 }
}

test.group('Exports in worker threads', () => {
  test('an XLSX is written by a worker thread, not the main thread, and reads back', async ({
    assert,
  }) => {
    const before = exportPoolStats().rows
    const output = new PassThrough()
    const done = buffer(output)
    await writeXlsx(output, 'Trips', columns, manyRows(1200), dialect)
    const stats = exportPoolStats()
    assert.equal(stats.rows - before, 1200)
    assert.isAbove(stats.workers, 0)
    assert.notInclude(stats.threadIds, threadId)

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await done) as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]
    assert.equal(sheet.rowCount, 1201)
    assert.equal(sheet.getRow(1).getCell(1).value, 'Vehicle')
    assert.equal(sheet.getRow(1201).getCell(1).value, 'Vehicle 199')
    // The formula guard ran in the worker too.
    assert.equal(sheet.getRow(2).getCell(8).value, `'=HYPERLINK("http://evil")`)
  })

  test('a CSV is written by a worker thread, every row in order', async ({ assert }) => {
    const before = exportPoolStats().rows
    const output = new PassThrough()
    const done = buffer(output)
    await writeCsv(output, columns, manyRows(2001), dialect)
    assert.equal(exportPoolStats().rows - before, 2001)
    const lines = (await done).toString('utf8').slice(1).trimEnd().split('\n')
    assert.lengthOf(lines, 2002)
    assert.match(lines[2001], /^Vehicle 0,/)
  })

  test('a big XLSX leaves the main thread free: its loop is far less busy than with the inline writer', async ({
    assert,
  }) => {
    const rows = 30_000
    const inline = await mainThreadLoad(async () => {
      const output = new PassThrough()
      const done = buffer(output)
      await writeXlsxHere(output, 'Trips', columns, manyRows(rows), dialect)
      await done
    })
    const inWorker = await mainThreadLoad(async () => {
      const output = new PassThrough()
      const done = buffer(output)
      await writeXlsx(output, 'Trips', columns, manyRows(rows), dialect)
      await done
    })
    const figures = `worker: ${JSON.stringify(inWorker)}, inline: ${JSON.stringify(inline)}`
    // Inline, the main thread does all the work (its loop is nearly always busy); with the
    // worker it only passes batches and bytes. Generous bounds for a loaded machine.
    assert.isBelow(inWorker.utilization, inline.utilization * 0.75, figures)
    assert.isBelow(inWorker.stall, 1000, figures)
  }).timeout(120_000)

  test('memory is a batch: rows stop being read while the download does not take the bytes', async ({
    assert,
  }) => {
    const pulled = { count: 0 }
    const output = new PassThrough({ highWaterMark: 16 * 1024 })
    const write = writeXlsx(output, 'Trips', columns, manyRows(200_000, pulled), dialect)
    write.catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 1500))
    // Nobody reads `output`: the pool waits for it to drain before sending more rows. A few
    // batches of 500 are in flight (the zip's own buffers), never the 200,000.
    assert.isBelow(pulled.count, 20_000)
    const seen = pulled.count
    output.destroy()
    await assert.rejects(() => write)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.isBelow(pulled.count, seen + 1000)
  }).timeout(20_000)

  test('an idle worker is stopped, and the next export starts another', async ({ assert }) => {
    const before = process.env.EXPORT_WORKER_IDLE_SECONDS
    process.env.EXPORT_WORKER_IDLE_SECONDS = '0.2'
    try {
      const first = new PassThrough()
      const firstDone = buffer(first)
      await writeCsv(first, columns, manyRows(10), dialect)
      await firstDone
      const running = exportPoolStats().workers
      assert.isAbove(running, 0)
      await new Promise((resolve) => setTimeout(resolve, 600))
      // The worker of that export is stopped (those of earlier tests wait their 60 s).
      assert.equal(exportPoolStats().workers, running - 1)

      const next = new PassThrough()
      const nextDone = buffer(next)
      await writeCsv(next, columns, manyRows(10), dialect)
      assert.lengthOf((await nextDone).toString('utf8').trimEnd().split('\n'), 11)
      assert.equal(exportPoolStats().workers, running)
    } finally {
      if (before === undefined) delete process.env.EXPORT_WORKER_IDLE_SECONDS
      else process.env.EXPORT_WORKER_IDLE_SECONDS = before
    }
  })
})
