export const TELTONIKA_PROTOCOL = 'teltonika'

export const CODEC_7 = 0x07
export const CODEC_8 = 0x08
export const CODEC_8_EXTENDED = 0x8e
export const CODEC_16 = 0x10
export const CODEC_12 = 0x0c
export const CODEC_13 = 0x0d

export const MESSAGE_TYPE_COMMAND = 0x05
export const MESSAGE_TYPE_RESPONSE = 0x06

export const KEEPALIVE_BYTE = 0xff

export const IMEI_MIN_DIGITS = 15
export const IMEI_MAX_DIGITS = 17

/** Preamble (4) + data length (4). */
export const AVL_HEADER_LENGTH = 8
/** CRC field after the data. */
export const AVL_CRC_LENGTH = 4
/** Codec id + N1 + N2: the smallest data field that can be valid. */
export const AVL_MIN_DATA_LENGTH = 3
/** Whole AVL frame (header + data + CRC); FMx buffers stay well under this. */
export const AVL_MAX_FRAME_LENGTH = 64 * 1024
