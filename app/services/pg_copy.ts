import type pg from 'pg'

/** The messages of node-postgres's connection a COPY FROM STDIN sends. */
interface CopyConnection {
  query(text: string): void
  sendCopyFromChunk(chunk: Buffer): void
  endCopyFrom(): void
}

/**
 * A simple query holding one `COPY ... FROM STDIN` (and, after it, any other statements: they
 * run in the same implicit transaction), sent with its data in one write: the query, the
 * CopyData messages and CopyDone go out together instead of after the server's
 * CopyInResponse, so the whole transaction is one round trip. PostgreSQL reads the data when
 * the COPY starts and ignores copy messages when the query failed before it.
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
    private readonly chunks: Iterable<Buffer>
  ) {}

  submit(connection: CopyConnection): void {
    connection.query(this.text)
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk)
    connection.endCopyFrom()
  }

  /** The data went with the query. */
  handleCopyInResponse(): void {}

  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '')
    if (match) this.rowCount = Number(match[1])
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
 * Runs `text` (a COPY FROM STDIN, possibly followed by other statements) with these chunks as
 * its data; resolves with the rows copied, rejects with the server's error (nothing of the
 * query is then kept).
 *
 *   const rows = await copyFromStdin(client, 'COPY t (a, b) FROM STDIN', chunks)
 */
export function copyFromStdin(
  client: pg.ClientBase,
  text: string,
  chunks: Iterable<Buffer>
): Promise<number> {
  const copy = new CopyFromStdin(text, chunks)
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
