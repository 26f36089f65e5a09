import type { PositionAttributes } from '#tracking/position'
import { TELTONIKA_IO_ROWS } from '#tracking/protocols/teltonika/teltonika_io'

/** Raw IO values as vectors.json writes them: numbers, '0x…' hex, or 'N bytes 0x00'. */
type RawIoValue = number | string

/** Element width of the signed temperature ids (Teltonika AVL id list). */
const TEMPERATURE_SIZES: Record<number, number> = {
  72: 4,
  73: 4,
  74: 4,
  75: 4,
  10800: 2,
  10801: 2,
  10802: 2,
  10803: 2,
}

function rawHex(raw: string): string {
  const zeros = /^(\d+) bytes 0x00$/.exec(raw)
  if (zeros) return '00'.repeat(Number(zeros[1]))
  return raw.replace(/^0x/i, '').toLowerCase()
}

function signed(value: number, size: number): number {
  const bits = size * 8
  return value >= 2 ** (bits - 1) ? value - 2 ** bits : value
}

/**
 * The attribute an IO element must have become (per its mapping row), next to what the
 * decoder produced, for one raw value from an independent parse.
 */
export function ioExpectation(
  attributes: PositionAttributes,
  id: number,
  raw: RawIoValue
): { actual: unknown; expected: unknown } {
  const row = TELTONIKA_IO_ROWS.find((candidate) => candidate.id === id)
  const hex = typeof raw === 'string' ? rawHex(raw) : undefined
  const numeric = hex === undefined ? (raw as number) : Number(BigInt(`0x${hex || '0'}`))

  if (!row) {
    if (hex === undefined) return { actual: attributes.io?.[id], expected: raw }
    const wide = hex.length === 16 && Number.isSafeInteger(numeric)
    return { actual: attributes.io?.[id], expected: wide ? numeric : hex }
  }
  switch (row.kind) {
    case 'bool':
      return { actual: attributes[row.key], expected: numeric !== 0 }
    case 'number':
      return {
        actual: attributes[row.key],
        expected: row.divisor ? numeric / row.divisor : numeric,
      }
    case 'input':
      return { actual: attributes.inputs?.[row.index], expected: numeric !== 0 }
    case 'output':
      return { actual: attributes.outputs?.[row.index], expected: numeric !== 0 }
    case 'temperature':
      return {
        actual: attributes.temperatures?.[row.sensor],
        expected: signed(numeric, TEMPERATURE_SIZES[id] ?? 4) / row.divisor,
      }
    case 'gsm':
      return { actual: attributes.gsmLevel, expected: numeric }
    case 'hexId':
      return {
        actual: attributes[row.key],
        expected: numeric === 0 ? undefined : (hex ?? numeric.toString(16)).toUpperCase(),
      }
  }
}
