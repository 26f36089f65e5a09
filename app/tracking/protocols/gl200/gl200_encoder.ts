/**
 * Server commands to Queclink @Track devices: `AT+GT<command>=<password>,...,<serial>$`. The
 * password is the device's (factory default: its model name in lower case, e.g. `gv300`).
 */
const SERIAL = 'FFFF'

/** Output 1 (the relay) on: the engine is cut. */
export function encodeGl200EngineStop(password: string) {
  return Buffer.from(`AT+GTOUT=${password},1,,,0,0,0,0,0,0,0,,,,,,,${SERIAL}$`, 'latin1')
}

/** Output 1 off: the engine can start again. */
export function encodeGl200EngineResume(password: string) {
  return Buffer.from(`AT+GTOUT=${password},0,,,0,0,0,0,0,0,0,,,,,,,${SERIAL}$`, 'latin1')
}

/** A command typed by the user: sent as written (with its closing `$`). */
export function encodeGl200Custom(text: string) {
  const trimmed = text.trim()
  return Buffer.from(trimmed.endsWith('$') ? trimmed : `${trimmed}$`, 'latin1')
}

/** The heartbeat answer: `+SACK:GTHBD,<protocol version>,<count>$`. */
export function gl200HeartbeatAck(version: string, count: string) {
  return `+SACK:GTHBD,${version},${count}$`
}

/** The acknowledgement of a report (SACK enabled on the device): `+SACK:<count>$`. */
export function gl200ReportAck(count: string) {
  return `+SACK:${count}$`
}
