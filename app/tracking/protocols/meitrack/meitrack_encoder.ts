/** Sum of the bytes up to and including `*`, two upper-case hex digits: Meitrack's checksum. */
export function meitrackChecksum(text: string): string {
  let sum = 0
  for (let index = 0; index < text.length; index++) sum += text.charCodeAt(index)
  return (sum & 0xff).toString(16).toUpperCase().padStart(2, '0')
}

/**
 * A server frame: `@@<flag><length>,<imei>,<content>*<checksum>\r\n`, the length counting
 * from the comma after it to the end (a device's frames start `$$`).
 */
export function encodeMeitrackFrame(
  imei: string,
  content: string,
  flag = 'A',
  start = '@@'
): Buffer {
  const length = 1 + imei.length + 1 + content.length + 5
  const head = `${start}${flag}${length},${imei},${content}*`
  return Buffer.from(`${head}${meitrackChecksum(head)}\r\n`, 'latin1')
}

/** The answer to a CCC batch: the number of records taken (the device deletes them). */
export function encodeMeitrackBatchAck(imei: string, flag: string, count: number): Buffer {
  const head = `@@${flag}${27 + Math.floor(count / 10)},${imei},CCC,${count}*`
  return Buffer.from(`${head}${meitrackChecksum(head)}\r\n`, 'latin1')
}

/** C01 sets the outputs: output 1 drives the engine-cut relay. */
export function encodeMeitrackEngineStop(imei: string) {
  return encodeMeitrackFrame(imei, 'C01,0,12222')
}

export function encodeMeitrackEngineResume(imei: string) {
  return encodeMeitrackFrame(imei, 'C01,0,02222')
}

/** A command typed by the user: the command and its parameters, e.g. `A10` or `C01,0,12222`. */
export function encodeMeitrackCustom(imei: string, text: string) {
  return encodeMeitrackFrame(imei, text)
}
