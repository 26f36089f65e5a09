/**
 * Thrown by a frame splitter when the byte stream cannot be a valid stream of the protocol
 * (bad preamble, absurd length, endless noise). The connection should be closed: the splitter
 * keeps failing once it has thrown.
 */
export class FrameGarbageError extends Error {
  readonly protocol: string
  readonly reason: string

  constructor(protocol: string, reason: string) {
    super(`${protocol}: ${reason}`)
    this.name = 'FrameGarbageError'
    this.protocol = protocol
    this.reason = reason
  }
}
