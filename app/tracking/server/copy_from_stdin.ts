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
 * the COPY starts and ignores copy messages when the query failed before it. Resolves with the
 * rows copied; rejects with the server's error (the implicit transaction is then rolled back).
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
    client.query(this as unknown as pg.QueryConfig)
    return this.result
  }

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

  /** node-postgres forgets the query on an error: its ReadyForQuery does not come here. */
  handleError(error: Error): void {
    if (this.settled) return
    this.settled = true
    this.reject(error)
  }

  handleReadyForQuery(): void {
    if (this.settled) return
    this.settled = true
    this.resolve(this.rowCount)
  }

  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handleCopyData(): void {}
}
