import type { PositionAttributes } from '../../position.js'

/**
 * How a Teltonika IO element becomes a Position attribute. One row per IO id; ids without a
 * row land in `attributes.io` untouched. Ids are those of the FMB/FMC/FMM families.
 *
 * - bool: value != 0
 * - number: value / divisor (signed when `signed`)
 * - input / output: attributes.inputs[index] / attributes.outputs[index] = value != 0
 * - temperature: attributes.temperatures[sensor] = signed value / divisor. Sentinel values
 *   (e.g. 3000 for a Dallas sensor that is not connected) are kept as they come: the protocol
 *   notes this app follows do not document them.
 * - gsm: gsmLevel = value, rssi = value clamped to 0..5 (the device already reports 1..5)
 * - hexId: 16-digit uppercase hex of the 8-byte value, omitted when zero (no card)
 */
export type TeltonikaIoRow =
  | { id: number; kind: 'bool'; key: string }
  | { id: number; kind: 'number'; key: string; divisor?: number; signed?: boolean }
  | { id: number; kind: 'input' | 'output'; index: number }
  | { id: number; kind: 'temperature'; sensor: string; divisor: number }
  | { id: number; kind: 'gsm' }
  | { id: number; kind: 'hexId'; key: string }

export const TELTONIKA_IO_ROWS: readonly TeltonikaIoRow[] = [
  { id: 1, kind: 'input', index: 1 },
  { id: 2, kind: 'input', index: 2 },
  { id: 3, kind: 'input', index: 3 },
  { id: 4, kind: 'input', index: 4 },
  { id: 9, kind: 'number', key: 'adc1', divisor: 1000 },
  { id: 10, kind: 'number', key: 'adc2', divisor: 1000 },
  { id: 16, kind: 'number', key: 'odometer' },
  { id: 21, kind: 'gsm' },
  { id: 66, kind: 'number', key: 'power', divisor: 1000 },
  { id: 67, kind: 'number', key: 'battery', divisor: 1000 },
  { id: 72, kind: 'temperature', sensor: 'dallas1', divisor: 10 },
  { id: 73, kind: 'temperature', sensor: 'dallas2', divisor: 10 },
  { id: 74, kind: 'temperature', sensor: 'dallas3', divisor: 10 },
  { id: 75, kind: 'temperature', sensor: 'dallas4', divisor: 10 },
  { id: 78, kind: 'hexId', key: 'driverUniqueId' },
  { id: 83, kind: 'number', key: 'fuelUsed', divisor: 10 },
  { id: 84, kind: 'number', key: 'fuel', divisor: 10 },
  // OBD/CAN total mileage (m), the vehicle's own odometer (FMB with an OBD or CAN adapter).
  { id: 87, kind: 'number', key: 'obdOdometer' },
  { id: 89, kind: 'number', key: 'fuelLevel' },
  { id: 113, kind: 'number', key: 'batteryLevel' },
  { id: 179, kind: 'output', index: 1 },
  { id: 180, kind: 'output', index: 2 },
  { id: 199, kind: 'number', key: 'tripOdometer' },
  { id: 239, kind: 'bool', key: 'ignition' },
  { id: 240, kind: 'bool', key: 'motion' },
  { id: 246, kind: 'number', key: 'towing' },
  { id: 247, kind: 'number', key: 'crash' },
  { id: 249, kind: 'number', key: 'jamming' },
  { id: 250, kind: 'number', key: 'trip' },
  { id: 251, kind: 'number', key: 'idling' },
  { id: 252, kind: 'number', key: 'unplug' },
  { id: 253, kind: 'number', key: 'greenDrivingType' },
  { id: 254, kind: 'number', key: 'greenDrivingValue' },
  { id: 255, kind: 'number', key: 'overspeed' },
  // EYE sensor temperatures (FMB/FMC with BLE EYE sensors), signed 0.01 °C.
  { id: 10800, kind: 'temperature', sensor: 'eye1', divisor: 100 },
  { id: 10801, kind: 'temperature', sensor: 'eye2', divisor: 100 },
  { id: 10802, kind: 'temperature', sensor: 'eye3', divisor: 100 },
  { id: 10803, kind: 'temperature', sensor: 'eye4', divisor: 100 },
]

const ROWS_BY_ID = new Map<number, TeltonikaIoRow>(TELTONIKA_IO_ROWS.map((row) => [row.id, row]))

const TWO_POW_32 = 4294967296
const MAX_SAFE_HIGH_WORD = 0x1fffff

function readUnsigned(data: Buffer, offset: number, size: number): number | string {
  switch (size) {
    case 1:
      return data[offset]
    case 2:
      return data.readUInt16BE(offset)
    case 4:
      return data.readUInt32BE(offset)
    default: {
      const high = data.readUInt32BE(offset)
      if (high > MAX_SAFE_HIGH_WORD) return data.toString('hex', offset, offset + size)
      return high * TWO_POW_32 + data.readUInt32BE(offset + 4)
    }
  }
}

function readSigned(data: Buffer, offset: number, size: number): number {
  switch (size) {
    case 1:
      return data.readInt8(offset)
    case 2:
      return data.readInt16BE(offset)
    case 4:
      return data.readInt32BE(offset)
    default:
      return Number(data.readBigInt64BE(offset))
  }
}

function isZero(data: Buffer, offset: number, size: number): boolean {
  for (let i = offset; i < offset + size; i++) {
    if (data[i] !== 0) return false
  }
  return true
}

function setIndexed(
  attributes: PositionAttributes,
  key: 'inputs' | 'outputs',
  index: number,
  on: boolean
): void {
  const current = attributes[key]
  if (current) current[index] = on
  else attributes[key] = { [index]: on }
}

function setRaw(attributes: PositionAttributes, id: number, value: number | string): void {
  if (attributes.io) attributes.io[id] = value
  else attributes.io = { [id]: value }
}

/** Applies one fixed-size IO element (1, 2, 4 or 8 bytes at `offset`) to the attributes. */
export function applyTeltonikaIo(
  attributes: PositionAttributes,
  id: number,
  data: Buffer,
  offset: number,
  size: number
): void {
  const row = ROWS_BY_ID.get(id)
  if (!row) {
    setRaw(attributes, id, readUnsigned(data, offset, size))
    return
  }
  switch (row.kind) {
    case 'bool':
      attributes[row.key] = !isZero(data, offset, size)
      return
    case 'number': {
      const value = row.signed ? readSigned(data, offset, size) : readUnsigned(data, offset, size)
      attributes[row.key] = typeof value === 'number' && row.divisor ? value / row.divisor : value
      return
    }
    case 'input':
    case 'output':
      setIndexed(
        attributes,
        row.kind === 'input' ? 'inputs' : 'outputs',
        row.index,
        !isZero(data, offset, size)
      )
      return
    case 'temperature': {
      const celsius = readSigned(data, offset, size) / row.divisor
      if (attributes.temperatures) attributes.temperatures[row.sensor] = celsius
      else attributes.temperatures = { [row.sensor]: celsius }
      return
    }
    case 'gsm': {
      const level = data[offset + size - 1]
      attributes.gsmLevel = level
      attributes.rssi = Math.min(level, 5)
      return
    }
    case 'hexId':
      if (!isZero(data, offset, size)) {
        attributes[row.key] = data.toString('hex', offset, offset + size).toUpperCase()
      }
      return
  }
}

/** Variable-length elements (Codec 8 Extended) are kept raw, as hex. */
export function applyTeltonikaVariableIo(
  attributes: PositionAttributes,
  id: number,
  data: Buffer,
  offset: number,
  length: number
): void {
  setRaw(attributes, id, data.toString('hex', offset, offset + length))
}

/** GH3000 (Codec 7) ids mean other things than FMx ids: everything stays raw. */
export function applyRawIo(
  attributes: PositionAttributes,
  id: number,
  data: Buffer,
  offset: number,
  size: number
): void {
  setRaw(attributes, id, readUnsigned(data, offset, size))
}
