import { PassThrough } from 'node:stream'
import { parentPort } from 'node:worker_threads'
import { writeCsvHere, writeXlsxHere } from './sheet_writers.js'
import type { ExportDialect, SheetColumn } from './typed_cells.js'

/**
 * An export worker thread (started by export_pool.ts): turns batches of row values into the
 * bytes of a CSV or XLSX file (typed cells, formula guard, XML and zip), so that the web
 * process's main thread only reads rows and passes bytes on. Several exports share a worker,
 * each a session; a session holds one batch at a time (the pool sends the next batch after
 * this one is written), so memory is a batch, not the export.
 */

export type ToWorker =
  | {
      type: 'open'
      id: number
      format: 'csv' | 'xlsx'
      title: string
      columns: SheetColumn[]
      dialect: ExportDialect
    }
  | { type: 'rows'; id: number; rows: unknown[][] }
  | { type: 'end'; id: number }
  | { type: 'abort'; id: number }

export type FromWorker =
  | { type: 'data'; id: number; chunk: Uint8Array }
  | { type: 'ack'; id: number }
  | { type: 'done'; id: number; rows: number }
  | { type: 'error'; id: number; message: string }

interface Session {
  batches: unknown[][][]
  ended: boolean
  aborted: boolean
  wake: (() => void) | null
  rows: number
}

const port = parentPort!
/** The most bytes of an export held here before they are sent on. */
const CHUNK_BYTES = 64 * 1024
const sessions = new Map<number, Session>()

function post(message: FromWorker) {
  port.postMessage(message)
}

async function* rowsOf(id: number, session: Session) {
  while (true) {
    if (session.aborted) throw new Error('The export was aborted')
    const batch = session.batches.shift()
    if (batch) {
      for (const row of batch) {
        session.rows++
        yield row
      }
      // The batch is written: the pool may send the next one.
      post({ type: 'ack', id })
      continue
    }
    if (session.ended) return
    await new Promise<void>((resolve) => (session.wake = resolve))
    session.wake = null
  }
}

function open(message: Extract<ToWorker, { type: 'open' }>) {
  const { id } = message
  const session: Session = { batches: [], ended: false, aborted: false, wake: null, rows: 0 }
  sessions.set(id, session)
  const output = new PassThrough()
  // The writers push a chunk per record: posting each would cost a message (and a copy) per
  // row. The bytes are gathered and sent in one message of up to CHUNK_BYTES, moved (not
  // copied) to the main thread, at the latest once the writer yields (setImmediate).
  let pending: Buffer[] = []
  let pendingBytes = 0
  let scheduled: NodeJS.Immediate | null = null
  const flush = () => {
    if (scheduled) clearImmediate(scheduled)
    scheduled = null
    if (pendingBytes === 0) return
    const chunk = new Uint8Array(pendingBytes)
    let offset = 0
    for (const part of pending) {
      chunk.set(part, offset)
      offset += part.byteLength
    }
    pending = []
    pendingBytes = 0
    port.postMessage({ type: 'data', id, chunk } satisfies FromWorker, [chunk.buffer])
  }
  output.on('data', (part: Buffer) => {
    pending.push(part)
    pendingBytes += part.byteLength
    if (pendingBytes >= CHUNK_BYTES) flush()
    else scheduled ??= setImmediate(flush)
  })
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', () => {
      flush()
      resolve()
    })
    output.on('error', reject)
  })
  const rows = rowsOf(id, session)
  const write =
    message.format === 'csv'
      ? writeCsvHere(output, message.columns, rows, message.dialect)
      : writeXlsxHere(output, message.title, message.columns, rows, message.dialect)
  Promise.all([write, ended])
    .then(() => post({ type: 'done', id, rows: session.rows }))
    .catch((error: unknown) => {
      if (scheduled) clearImmediate(scheduled)
      output.destroy()
      post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) })
    })
    .finally(() => sessions.delete(id))
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'open') return open(message)
  const session = sessions.get(message.id)
  if (!session) return
  if (message.type === 'rows') session.batches.push(message.rows)
  else if (message.type === 'end') session.ended = true
  else session.aborted = true
  session.wake?.()
})
