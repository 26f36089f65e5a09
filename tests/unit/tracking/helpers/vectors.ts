import { readFileSync } from 'node:fs'

/** A frame (or HTTP request) from tests/fixtures/protocols/vectors.json. */
export interface ProtocolVector {
  id: string
  protocol: 'teltonika' | 'gt06' | 'osmand'
  description: string
  hex?: string
  request_line?: string
  http?: { method: string; path: string; headers?: Record<string, string>; body?: string }
  expected?: Record<string, any>
  derived?: Record<string, any>
}

export interface CommandVector {
  id: string
  hex: string
  description: string
}

const file = new URL('../../../fixtures/protocols/vectors.json', import.meta.url)
const contents = JSON.parse(readFileSync(file, 'utf8')) as {
  vectors: ProtocolVector[]
  command_vectors: CommandVector[]
}

export const vectors = contents.vectors
export const commandVectors = contents.command_vectors

export function vectorsOf(protocol: ProtocolVector['protocol']): ProtocolVector[] {
  return vectors.filter((candidate) => candidate.protocol === protocol)
}

export function vector(id: string): ProtocolVector {
  const found = vectors.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no vector ${id}`)
  return found
}

export function bytes(vectorOrHex: ProtocolVector | string): Buffer {
  const hex = typeof vectorOrHex === 'string' ? vectorOrHex : vectorOrHex.hex
  if (!hex) throw new Error('vector has no hex frame')
  return Buffer.from(hex, 'hex')
}

/** Splits a buffer into chunks of the given sizes (cycling), to imitate TCP segmentation. */
export function chunked(data: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = []
  let offset = 0
  let index = 0
  while (offset < data.length) {
    const size = sizes[index++ % sizes.length]
    chunks.push(data.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}
