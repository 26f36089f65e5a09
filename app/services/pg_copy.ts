import type pg from 'pg'

type CopyConnection = pg.Connection & {
  sendCopyFromChunk(chunk: Buffer): void
  endCopyFrom(): void
}

/**
 * `COPY ... FROM STDIN` (text format) through node-postgres, without another dependency: a
 * Submittable that answers the server's CopyInResponse with the given chunks and resolves with
 * the number of rows copied.
 *
 *   const rows = await copyFromStdin(client, 'COPY t (a, b) FROM STDIN', chunks)
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

  submit(connection: pg.Connection): void {
    connection.query(this.text)
  }

  handleCopyInResponse(connection: CopyConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk)
    connection.endCopyFrom()
  }

  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '')
    if (match) this.rowCount = Number(match[1])
  }

  handleReadyForQuery(): void {
    if (this.settled) return
    this.settled = true
    this.resolve(this.rowCount)
  }

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
