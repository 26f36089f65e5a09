/**
 * Device-side frames of the three protocols the simulator speaks. Each protocol has its own
 * file; this module gathers them for callers that need all of them.
 */
export {
  MAX_RECORDS_PER_PACKET,
  TELTONIKA_IO,
  TeltonikaServerReader,
  decodeCodec12Command,
  encodeCodec12Response,
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
  eventIoOf,
  teltonikaCommandAnswer,
  type TeltonikaDataCodec,
  type TeltonikaServerMessage,
} from './teltonika_device_encoder.js'
export {
  decodeGt06ServerFrame,
  encodeGt06Alarm,
  encodeGt06CommandReply,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  gt06AlarmOf,
  gt06CommandAnswer,
  terminalInfoOf,
  type Gt06ServerMessage,
} from './gt06_device_encoder.js'
export { encodeOsmAndQuery } from './osmand_device_encoder.js'
