/** Server commands, as Coban TK103 devices read them: `**,imei:<IMEI>,<letter>`. */
export function encodeGps103Command(imei: string, command: string) {
  return Buffer.from(`**,imei:${imei},${command}`, 'latin1')
}

/** J cuts the fuel/power relay, K restores it. */
export function encodeGps103EngineStop(imei: string) {
  return encodeGps103Command(imei, 'J')
}

export function encodeGps103EngineResume(imei: string) {
  return encodeGps103Command(imei, 'K')
}

/** A command typed by the user: sent as written when it is a whole frame, else framed. */
export function encodeGps103Custom(imei: string, text: string) {
  return text.startsWith('**') ? Buffer.from(text, 'latin1') : encodeGps103Command(imei, text)
}
