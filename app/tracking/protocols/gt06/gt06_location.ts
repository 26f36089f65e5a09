import type { PositionAttributes } from '../../position.js'
import {
  GPS_BLOCK_LENGTH,
  type GpsFix,
  type LbsLayout,
  applyAlarm,
  applyGsmSignal,
  applyTerminalInfo,
  applyVoltageLevel,
  lbsLength,
  need,
  readGpsBlock,
  readLbs,
} from './gt06_blocks.js'
import {
  MSG_GPS,
  MSG_GPS_LBS_1,
  MSG_GPS_LBS_2,
  MSG_GPS_LBS_6,
  MSG_GPS_LBS_STATUS_1,
  MSG_GPS_LBS_STATUS_2,
  MSG_GPS_LBS_STATUS_3,
} from './gt06_constants.js'
import type { Gt06Variant } from './gt06_variants.js'

export interface LocationContent {
  fix: GpsFix
  attributes: PositionAttributes
}

const STANDARD_LBS: LbsLayout = { cellIdSize: 3 }
const LBS_6: LbsLayout = { wideMnc: true, cellIdSize: 4 }
const SEEWORLD_LBS: LbsLayout = { cellIdSize: 4 }

function readLbsBlock(
  data: Buffer,
  offset: number,
  end: number,
  attributes: PositionAttributes,
  layout: LbsLayout
): number {
  need(end, offset, 2)
  need(end, offset, lbsLength(data, offset, layout))
  return offset + readLbs(data, offset, attributes, layout)
}

/** Terminal info | voltage level | GSM | alarm [| language]. */
export function readStandardStatus(
  data: Buffer,
  offset: number,
  end: number,
  attributes: PositionAttributes
): number {
  need(end, offset, 4)
  applyTerminalInfo(attributes, data[offset])
  applyVoltageLevel(attributes, data[offset + 1])
  applyGsmSignal(attributes, data[offset + 2])
  applyAlarm(attributes, data[offset + 3])
  return offset + 4
}

/** Terminal info | power u16 (0.01 V) | GSM | alarm extension. */
function readVxt01Status(
  data: Buffer,
  offset: number,
  end: number,
  attributes: PositionAttributes
): number {
  need(end, offset, 5)
  applyTerminalInfo(attributes, data[offset])
  attributes.power = data.readUInt16BE(offset + 1) / 100
  applyGsmSignal(attributes, data[offset + 3])
  return offset + 5
}

function readWetrustExtension(
  data: Buffer,
  offset: number,
  end: number,
  attributes: PositionAttributes
): void {
  need(end, offset, 5)
  attributes.odometer = data.readUInt32BE(offset)
  const cardLength = data[offset + 4]
  let cursor = offset + 5
  need(end, cursor, cardLength + 4)
  attributes.card = data.toString('latin1', cursor, cursor + cardLength).trim()
  cursor += cardLength
  if (data[cursor]) attributes.cardAlarm = data[cursor]
  attributes.cardStatus = data[cursor + 1]
  attributes.drivingTime = data.readUInt16BE(cursor + 2)
}

/** Alarm packets: GPS | LBS length byte + LBS | status. */
function readAlarmTail(
  data: Buffer,
  offset: number,
  end: number,
  variant: Gt06Variant,
  attributes: PositionAttributes
): void {
  if (variant === 'vxt01') {
    const cursor = readLbsBlock(data, offset, end, attributes, STANDARD_LBS)
    readVxt01Status(data, cursor, end, attributes)
    return
  }
  need(end, offset, 1)
  const declaredLength = data[offset]
  const layout = variant === 'seeworld' ? SEEWORLD_LBS : STANDARD_LBS
  let cursor = readLbsBlock(data, offset + 1, end, attributes, layout)
  // The length byte counts itself on most models (9); skip anything it declares beyond.
  if (declaredLength > 9) cursor = Math.max(cursor, offset + declaredLength)
  readStandardStatus(data, cursor, end, attributes)
}

/** GPS-carrying packets: 0x10, 0x11, 0x12, 0x22, 0x16, 0x26, 0x27. Null on an impossible date. */
export function readLocationContent(
  data: Buffer,
  start: number,
  end: number,
  protocol: number,
  variant: Gt06Variant,
  offsetMinutes: number
): LocationContent | null {
  need(end, start, GPS_BLOCK_LENGTH)
  const fix = readGpsBlock(data, start, offsetMinutes)
  if (!fix) return null
  const attributes: PositionAttributes = {}
  if (fix.ignition !== undefined) attributes.ignition = fix.ignition
  let cursor = start + GPS_BLOCK_LENGTH

  switch (protocol) {
    case MSG_GPS_LBS_6:
      readLbsBlock(data, cursor, end, attributes, LBS_6)
      break
    case MSG_GPS_LBS_1:
      cursor = readLbsBlock(data, cursor, end, attributes, STANDARD_LBS)
      if (variant === 'vxt01') readVxt01Status(data, cursor, end, attributes)
      else if (variant === 'wetrust') readWetrustExtension(data, cursor, end, attributes)
      else if (end - cursor === 4) attributes.odometer = data.readUInt32BE(cursor)
      break
    case MSG_GPS_LBS_2:
      cursor = readLbsBlock(data, cursor, end, attributes, STANDARD_LBS)
      if (end - cursor >= 3) {
        attributes.ignition = data[cursor] > 0
        attributes.uploadMode = data[cursor + 1]
        attributes.reupload = data[cursor + 2] > 0
        cursor += 3
        if (end - cursor >= 4) attributes.odometer = data.readUInt32BE(cursor)
      }
      break
    case MSG_GPS_LBS_STATUS_1:
    case MSG_GPS_LBS_STATUS_2:
    case MSG_GPS_LBS_STATUS_3:
      readAlarmTail(data, cursor, end, variant, attributes)
      break
  }
  return { fix, attributes }
}

/** 0x19: LBS (no length byte) | status, no GPS. */
export function readLbsStatusContent(data: Buffer, start: number, end: number): PositionAttributes {
  const attributes: PositionAttributes = {}
  const cursor = readLbsBlock(data, start, end, attributes, STANDARD_LBS)
  readStandardStatus(data, cursor, end, attributes)
  return attributes
}

export const LOCATION_PROTOCOLS: ReadonlySet<number> = new Set([
  MSG_GPS,
  MSG_GPS_LBS_6,
  MSG_GPS_LBS_1,
  MSG_GPS_LBS_2,
  MSG_GPS_LBS_STATUS_1,
  MSG_GPS_LBS_STATUS_2,
  MSG_GPS_LBS_STATUS_3,
])
