export const GT06_PROTOCOL = 'gt06'

export const START_SHORT = 0x7878
export const START_EXTENDED = 0x7979
export const STOP = 0x0d0a

/** Protocol number + serial (2) + CRC (2): the smallest length field a frame can carry. */
export const MIN_LENGTH_FIELD = 5
/** Largest 0x7979 frame accepted (the 0x7878 form cannot exceed 2 + 1 + 255 + 2 bytes). */
export const MAX_EXTENDED_FRAME_LENGTH = 4096

export const MSG_LOGIN = 0x01
export const MSG_GPS = 0x10
export const MSG_GPS_LBS_6 = 0x11
export const MSG_GPS_LBS_1 = 0x12
export const MSG_STATUS = 0x13
export const MSG_STRING = 0x15
export const MSG_GPS_LBS_STATUS_1 = 0x16
export const MSG_LBS_STATUS = 0x19
export const MSG_STRING_INFO = 0x21
export const MSG_GPS_LBS_2 = 0x22
export const MSG_HEARTBEAT = 0x23
export const MSG_GPS_LBS_STATUS_2 = 0x26
export const MSG_GPS_LBS_STATUS_3 = 0x27
export const MSG_COMMAND_0 = 0x80
export const MSG_COMMAND_1 = 0x81
export const MSG_COMMAND_2 = 0x82
export const MSG_TIME_REQUEST = 0x8a
export const MSG_INFO = 0x94
