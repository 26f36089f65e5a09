function utcStamp(now: Date, withDate: boolean): string {
  const iso = now.toISOString() // 2026-11-28T23:45:33.000Z
  const time = iso.slice(11, 19).replaceAll(':', '')
  return withDate ? iso.slice(0, 10).replaceAll('-', '') + time : time
}

/** The answer to a location (V1) or cell report (NBR): `*HQ,<id>,V4,<type>,<yyyyMMddHHmmss>#`. */
export function h02DateTimeReply(imei: string, type: string, now: Date): string {
  return `*HQ,${imei},V4,${type},${utcStamp(now, true)}#`
}

/** A server command: `*HQ,<id>,<command>,<HHmmss>[,<parameters>]#`. */
export function encodeH02Command(imei: string, command: string, parameters: string[], now: Date) {
  return Buffer.from(
    `*HQ,${[imei, command, utcStamp(now, false), ...parameters].join(',')}#`,
    'latin1'
  )
}

/** S20 cuts (1,1) or restores (1,0) the fuel/power relay; the device answers V4,S20,DONE. */
export function encodeH02EngineStop(imei: string, now: Date) {
  return encodeH02Command(imei, 'S20', ['1', '1'], now)
}

export function encodeH02EngineResume(imei: string, now: Date) {
  return encodeH02Command(imei, 'S20', ['1', '0'], now)
}

/** A command typed by the user: sent as written when it is a whole frame, else framed. */
export function encodeH02Custom(imei: string, text: string) {
  const frame = text.startsWith('*') ? text : `*HQ,${imei},${text}#`
  return Buffer.from(frame, 'latin1')
}
