import type { DeviceFix } from './device_fix.js'

/** The simulated Queclink speaks as a GV300 (protocol version 06…, password `gv300`). */
export const GL200_SIMULATED_VERSION = '060100'

function stamp(time: Date) {
  return time.toISOString().slice(0, 19).replace(/[-T:]/g, '')
}

function hex4(count: number) {
  return (count & 0xffff).toString(16).toUpperCase().padStart(4, '0')
}

/** The report type of a fix: GTIGN/GTIGF on an ignition change, GTSPD, GTHBM, else GTFRI. */
function reportOf(fix: DeviceFix): { type: string; reportType: string } {
  if (fix.event?.kind === 'ignition') return { type: fix.ignition ? 'IGN' : 'IGF', reportType: '' }
  if (fix.event?.kind === 'overspeed') return { type: 'SPD', reportType: '0' }
  if (fix.event?.kind === 'harsh') {
    // GTHBM report type: x0 braking, x1 acceleration, x2 cornering.
    const kind = fix.event.type === 2 ? 0 : fix.event.type === 1 ? 1 : 2
    return { type: 'HBM', reportType: `1${kind}` }
  }
  return { type: 'FRI', reportType: '10' }
}

/**
 * One @Track report of a fix, as a GV300 sends it: the location block
 * (`<accuracy>,<speed>,<course>,<altitude>,<lon>,<lat>,<utc>,<mcc>,<mnc>,<lac>,<cell>,00`),
 * then odometer (km), battery % and device status (ignition, inputs, outputs), the send time
 * and the count number the server acknowledges.
 */
export function encodeGl200Report(imei: string, fix: DeviceFix, count: number): Buffer {
  const { type, reportType } = reportOf(fix)
  const { mcc, mnc, lac, cellId } = fix.cell
  const location = [
    fix.satellites > 0 ? 1 : 0,
    fix.speed.toFixed(1),
    fix.course,
    fix.altitude.toFixed(1),
    fix.longitude.toFixed(6),
    fix.latitude.toFixed(6),
    stamp(fix.time),
    String(mcc).padStart(4, '0'),
    String(mnc).padStart(4, '0'),
    lac.toString(16).toUpperCase().padStart(4, '0'),
    cellId.toString(16).toUpperCase().padStart(4, '0'),
    '00',
  ]
  const status = `${fix.ignition ? '22' : '11'}${fix.ignition ? '01' : '00'}${fix.relay ? '01' : '00'}`
  const head =
    type === 'IGN' || type === 'IGF'
      ? [`+RESP:GT${type}`, GL200_SIMULATED_VERSION, imei, '', '0']
      : [
          `+RESP:GT${type}`,
          GL200_SIMULATED_VERSION,
          imei,
          '',
          Math.round(fix.power * 1000),
          reportType,
          1,
        ]
  const tail =
    type === 'IGN' || type === 'IGF'
      ? ['', (fix.odometer / 1000).toFixed(1)]
      : [(fix.odometer / 1000).toFixed(1), '', '', '', '100', status, '', '', '']
  const fields = [...head, ...location, ...tail, stamp(new Date()), hex4(count)]
  return Buffer.from(`${fields.join(',')}$`, 'latin1')
}

/** The device's acknowledgement of a server command (`+ACK:GTOUT`, ...). */
export function encodeGl200CommandAck(imei: string, command: string, count: number): Buffer {
  const fields = [
    `+ACK:GT${command}`,
    GL200_SIMULATED_VERSION,
    imei,
    '',
    'FFFF',
    stamp(new Date()),
    hex4(count),
  ]
  return Buffer.from(`${fields.join(',')}$`, 'latin1')
}
