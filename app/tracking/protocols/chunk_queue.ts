/**
 * Pending bytes of a TCP stream, kept as a list of chunks so that a frame arriving in many
 * small segments is concatenated once, when enough bytes for the next parse step are there.
 */
export class ChunkQueue {
  private parts: Buffer[] = []
  private pendingLength = 0
  /** Bytes (from the start of the pending data) the parser needs before it can progress. */
  private needed = 1

  get length(): number {
    return this.pendingLength
  }

  /** Adds a chunk; returns all pending bytes as one buffer once `needed` are available. */
  append(chunk: Buffer): Buffer | null {
    if (chunk.length === 0) return null
    this.parts.push(chunk)
    this.pendingLength += chunk.length
    if (this.pendingLength < this.needed) return null
    if (this.parts.length === 1) return this.parts[0]
    const joined = Buffer.concat(this.parts, this.pendingLength)
    this.parts = [joined]
    return joined
  }

  /** Keeps `data[offset..]` pending; the next parse runs once `needed` bytes are pending. */
  retain(data: Buffer, offset: number, needed: number): void {
    if (offset >= data.length) {
      this.parts = []
      this.pendingLength = 0
    } else {
      const rest = offset === 0 ? data : data.subarray(offset)
      this.parts = [rest]
      this.pendingLength = rest.length
    }
    this.needed = Math.max(1, needed)
  }

  clear(): void {
    this.parts = []
    this.pendingLength = 0
    this.needed = 1
  }
}
