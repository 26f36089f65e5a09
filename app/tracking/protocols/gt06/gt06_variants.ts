import { MSG_GPS_LBS_1, MSG_GPS_LBS_STATUS_1, MSG_STATUS } from './gt06_constants.js'

/**
 * GT06 clones reuse protocol numbers with other layouts; a layout is recognised by the
 * (protocol number, length field) pair of a 0x7878 frame. Anything not listed is 'standard'.
 */
export type Gt06Variant = 'standard' | 'vxt01' | 'seeworld' | 'obd6' | 'wetrust'

export interface Gt06VariantRow {
  protocol: number
  lengthField: number
  variant: Gt06Variant
  layout: string
}

export const GT06_VARIANTS: readonly Gt06VariantRow[] = [
  {
    protocol: MSG_GPS_LBS_1,
    lengthField: 0x24,
    variant: 'vxt01',
    layout: 'GPS | LBS | terminal info | power u16 (0.01 V) | GSM | alarm extension',
  },
  {
    protocol: MSG_GPS_LBS_STATUS_1,
    lengthField: 0x24,
    variant: 'vxt01',
    layout: 'GPS | LBS without length byte | terminal info | power u16 (0.01 V) | GSM | alarm ext.',
  },
  {
    protocol: MSG_GPS_LBS_STATUS_1,
    lengthField: 0x26,
    variant: 'seeworld',
    layout: 'standard alarm packet with a 4-byte cell id; voltage byte is a percentage',
  },
  {
    protocol: MSG_STATUS,
    lengthField: 0x13,
    variant: 'obd6',
    layout:
      'terminal info | signal u16 (satellites bits 5-14, GSM bits 0-4) | alarm | language | ' +
      'battery % | working mode | power u16 (0.01 V) | reserved',
  },
  {
    protocol: MSG_GPS_LBS_1,
    lengthField: 0x29,
    variant: 'wetrust',
    layout:
      'GPS | LBS | odometer u32 | card (u8 length + ASCII) | alarm | card status | driving time u16',
  },
]

export function gt06Variant(protocol: number, lengthField: number): Gt06Variant {
  for (const row of GT06_VARIANTS) {
    if (row.protocol === protocol && row.lengthField === lengthField) return row.variant
  }
  return 'standard'
}
