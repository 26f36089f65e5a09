import { availableParallelism } from 'node:os'
import type { PassThrough } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { drained, type Rows } from './sheet_writers.js'
import type { ExportDialect, SheetColumn } from './typed_cells.js'
import type { FromWorker, ToWorker } from './export_worker.js'

/**
 * The export worker threads: CSV and XLSX files are written off the web process's main
 * thread, so that a big export never holds the event loop the other requests need.
 *
 * The main thread reads the rows (database cursor or pages) and sends them in batches of
 * BATCH_ROWS; a worker turns them into bytes and sends them back; the main thread writes those
 * to the response. The next batch goes out only when the worker has written the previous one
 * and the response has taken its bytes (back-pressure), so an export holds one batch in memory
 * whatever its size, and a slow or gone client stops the reading.
 *
 * `EXPORT_WORKERS` threads (default: the cores but one, at least 1, at most 4) are started on
 * the first export and shared by every export of the process (one session each). A worker
 * without an export for EXPORT_WORKER_IDLE_SECONDS (default 60; 0 keeps them) is stopped: its
 * V8 heap (30–50 MiB under bench:mixed) and thread are given back.
 */

const BATCH_ROWS = 500
const WORKER_YOUNG_GENERATION_MB = 24

interface Session {
  output: PassThrough
  ack: (() => void) | null
  done: (rows: number) => void
  fail: (error: Error) => void
}

interface Slot {
  worker: Worker
  sessions: Map<number, Session>
  idle: NodeJS.Timeout | null
}

const slots: Slot[] = []
let nextId = 1
const stats = { exports: 0, rows: 0, threadIds: new Set<number>() }

function idleMs() {
  const chosen = process.env.EXPORT_WORKER_IDLE_SECONDS?.trim()
  const seconds = chosen ? Number(chosen) : 60
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null
}

/** Stops the worker once it has had no export for idleMs() (a new export cancels it). */
function stopWhenIdle(slot: Slot) {
  const ms = idleMs()
  if (ms === null) return
  slot.idle = setTimeout(() => {
    slot.idle = null
    if (slot.sessions.size > 0) return
    const index = slots.indexOf(slot)
    if (index >= 0) slots.splice(index, 1)
    void slot.worker.terminate()
  }, ms).unref()
}

function workerCount() {
  const chosen = Number(process.env.EXPORT_WORKERS)
  if (Number.isInteger(chosen) && chosen > 0) return Math.min(chosen, 16)
  return Math.max(1, Math.min(4, availableParallelism() - 1))
}

/** In the sources (TypeScript loader) the worker is export_worker.ts, in the build .js. */
const workerUrl = new URL(
  `./export_worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url
)

function startSlot(): Slot {
  const worker = new Worker(workerUrl, {
    name: 'export-writer',
    // A worker holds a batch of rows and a chunk of bytes per export: V8's young generation
    // sized from the machine's memory (up to 64 MiB per semi-space) is left mostly empty
    // but committed. 24 MiB is an 8 MiB semi-space; the old generation keeps V8's limit.
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  })
  const slot: Slot = { worker, sessions: new Map(), idle: null }
  stats.threadIds.add(worker.threadId)
  worker.unref()
  worker.on('message', (message: FromWorker) => {
    const session = slot.sessions.get(message.id)
    if (!session) return
    switch (message.type) {
      case 'data':
        session.output.write(
          Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength)
        )
        break
      case 'ack':
        session.ack?.()
        break
      case 'done':
        session.done(message.rows)
        break
      case 'error':
        session.fail(new Error(message.message))
        break
    }
  })
  const lost = (error: Error) => {
    const index = slots.indexOf(slot)
    if (index >= 0) slots.splice(index, 1)
    for (const session of slot.sessions.values()) session.fail(error)
    slot.sessions.clear()
  }
  worker.on('error', lost)
  worker.on('exit', (code) => lost(new Error(`The export worker stopped (${code})`)))
  slots.push(slot)
  return slot
}

/** The least busy worker (a new one while fewer than the chosen count run). */
function pickSlot(): Slot {
  if (slots.length < workerCount()) return startSlot()
  return slots.reduce((best, slot) => (slot.sessions.size < best.sessions.size ? slot : best))
}

/**
 * Writes an export in a worker thread into `output` (which it ends), the rows read here in
 * batches. Fails (and stops reading) when the worker fails or the output is destroyed.
 */
export async function writeSheetInWorker(
  output: PassThrough,
  job: { format: 'csv' | 'xlsx'; title: string; columns: SheetColumn[]; dialect: ExportDialect },
  rows: Rows
): Promise<void> {
  const slot = pickSlot()
  if (slot.idle) clearTimeout(slot.idle)
  slot.idle = null
  const id = nextId++
  let failure: Error | null = null
  let ackWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null
  let doneWaiter: { resolve: (rows: number) => void; reject: (error: Error) => void } | null = null
  let doneRows: number | null = null
  const session: Session = {
    output,
    ack: () => {
      const waiter = ackWaiter
      ackWaiter = null
      waiter?.resolve()
    },
    done: (count) => {
      doneRows = count
      doneWaiter?.resolve(count)
    },
    fail: (error) => {
      failure = error
      ackWaiter?.reject(error)
      doneWaiter?.reject(error)
    },
  }
  const send = (message: ToWorker) => slot.worker.postMessage(message)
  slot.sessions.set(id, session)
  if (slot.sessions.size === 1) slot.worker.ref()
  stats.exports++
  try {
    send({ type: 'open', id, ...job })
    let batch: unknown[][] = []
    let pending: Promise<void> | null = null
    const flush = async () => {
      if (pending) await pending
      if (failure) throw failure
      if (output.writableNeedDrain) await drained(output)
      if (output.destroyed) throw new Error('The export was aborted')
      pending = new Promise<void>((resolve, reject) => (ackWaiter = { resolve, reject }))
      send({ type: 'rows', id, rows: batch })
      batch = []
    }
    for await (const values of rows) {
      batch.push(values)
      if (batch.length >= BATCH_ROWS) await flush()
    }
    if (batch.length > 0) await flush()
    if (pending) await pending
    if (failure) throw failure
    send({ type: 'end', id })
    const written =
      doneRows ??
      (await new Promise<number>((resolve, reject) => (doneWaiter = { resolve, reject })))
    stats.rows += written
    stats.threadIds.add(slot.worker.threadId)
    output.end()
  } catch (error) {
    send({ type: 'abort', id })
    throw error
  } finally {
    slot.sessions.delete(id)
    if (slot.sessions.size === 0) {
      slot.worker.unref()
      stopWhenIdle(slot)
    }
  }
}

/** What the workers have written so far (tests, diagnostics). */
export function exportPoolStats() {
  return {
    workers: slots.length,
    exports: stats.exports,
    rows: stats.rows,
    threadIds: [...stats.threadIds],
  }
}
