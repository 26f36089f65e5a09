import type pg from 'pg'

type CopyConnection = pg.Connection & {
  sendCopyFromChunk(chunk: Buffer): void
  endCopyFrom(): void
}

/**
 * `COPY ... FROM STDIN` through node-postgres without pg-copy-streams: a Submittable that
 * answers the server's CopyInResponse with the given chunks (text format), then resolves
 * with the number of rows copied.
 *
 *   const rows = await new CopyFromStdin('COPY t (a, b) FROM STDIN', chunks).run(client)
 */
export class CopyFromStdin {
  private rowCount = 0
  private settled = false
  private resolve!: (rows: number) => void
  private reject!: (error: Error) => void
  private readonly result = new Promise<number>((resolve, reject) => {
    this.resolve = resolve
    this.reject = reject
  })

  constructor(
    private readonly text: string,
    private readonly chunks: Iterable<Buffer>
  ) {}

  run(client: pg.ClientBase): Promise<number> {
    client.query(this)
    return this.result
  }

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

/** Text-format COPY field: NULL as \N; backslash, tab, newline and CR escaped. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N'
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'
  )
}
