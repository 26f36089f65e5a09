import type pg from 'pg'

/** The messages of node-postgres's connection a COPY FROM STDIN sends. */
interface CopyConnection {
  query(text: string): void
  sendCopyFromChunk(chunk: Buffer): void
  endCopyFrom(): void
}

/**
 * A simple query holding `COPY ... FROM STDIN` statements (and any others: they all run in one
 * implicit transaction), sent with their data in one write: the query, then each COPY's
 * CopyData messages and CopyDone, go out together instead of after the server's
 * CopyInResponse, so the whole transaction is one round trip. PostgreSQL reads each COPY's
 * data when that COPY starts, and ignores copy messages once the query has failed.
 */
class CopyFromStdin {
  private rowCount = 0
  private settled = false
  private resolve!: (rows: number) => void
  private reject!: (error: Error) => void
  readonly result = new Promise<number>((resolve, reject) => {
    this.resolve = resolve
    this.reject = reject
  })

  constructor(
    private readonly text: string,
    /** The data of each COPY of the query, in order. */
    private readonly copies: Iterable<Buffer>[]
  ) {}

  submit(connection: CopyConnection): void {
    connection.query(this.text)
    for (const chunks of this.copies) {
      for (const chunk of chunks) connection.sendCopyFromChunk(chunk)
      connection.endCopyFrom()
    }
  }

  /** The data went with the query. */
  handleCopyInResponse(): void {}

  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '')
    if (match) this.rowCount += Number(match[1])
  }

  handleReadyForQuery(): void {
    if (this.settled) return
    this.settled = true
    this.resolve(this.rowCount)
  }

  /** node-postgres forgets the query on an error: its ReadyForQuery does not come here. */
  handleError(error: Error): void {
    if (this.settled) return
    this.settled = true
    this.reject(error)
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handleCopyData(): void {}
}

/**
 * Runs `text` (a COPY FROM STDIN) with these chunks as its data; resolves with the rows
 * copied, rejects with the server's error.
 *
 *   const rows = await copyFromStdin(client, 'COPY t (a, b) FROM STDIN', chunks)
 */
export function copyFromStdin(
  client: pg.ClientBase,
  text: string,
  chunks: Iterable<Buffer>
): Promise<number> {
  return copiesFromStdin(client, text, [chunks])
}

/**
 * Runs `text`, a simple query with one or more COPY FROM STDIN among its statements, with
 * each COPY's chunks in order; resolves with the rows all of them copied, rejects with the
 * server's error (nothing of the query is then kept).
 */
export function copiesFromStdin(
  client: pg.ClientBase,
  text: string,
  copies: Iterable<Buffer>[]
): Promise<number> {
  const copy = new CopyFromStdin(text, copies)
  client.query(copy as unknown as pg.QueryConfig)
  return copy.result
}

/** A text-format COPY field: NULL as \N; backslash, tab, newline and CR escaped. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value !== 'string') return String(value)
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'
  )
}

/** Collects COPY rows into chunks of about 1 MB. */
export class CopyBuffer {
  readonly chunks: Buffer[] = []
  rows = 0
  private text = ''

  add(fields: (string | number | boolean | null | undefined)[]) {
    this.text += fields.map(copyField).join('\t') + '\n'
    this.rows++
    if (this.text.length > 1 << 20) this.flush()
  }

  flush() {
    if (this.text) this.chunks.push(Buffer.from(this.text))
    this.text = ''
    return this.chunks
  }
}
