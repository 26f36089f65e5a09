import { test } from '@japa/runner'
import { gt06Events } from '#tracking/protocols/gt06/gt06_events'
import { decodeGt06Frame, type Gt06Result } from '#tracking/protocols/gt06/gt06_decoder'
import { encodeGt06Packet } from '#tracking/protocols/gt06/gt06_encoder'
import { bytes, vector, vectorsOf, type ProtocolVector } from './helpers/vectors.js'

const IMEI = '864717003283581'
const NOW = new Date('2024-01-02T03:04:05Z')

function decode(candidate: ProtocolVector): Gt06Result {
  return decodeGt06Frame(bytes(candidate), { imei: IMEI, now: NOW })
}

function replyHex(result: Gt06Result): string | null {
  return result.reply ? result.reply.toString('hex') : null
}

/**
 * How Traccar's attribute assertions read in this decoder's terms. Traccar names alarms; here
 * the raw alarm byte (`alarm`) and the terminal-info alarm bits (`statusAlarm`) are kept and the
 * event tables turn them into spec codes.
 */
const TRACCAR_ASSERTIONS: Record<string, (assert: any, result: Gt06Result) => void> = {
  'gt06-traccar-03': (assert, result) => {
    assert.equal(result.kind, 'status')
    if (result.kind === 'status') assert.closeTo(result.attributes.power as number, 7.39, 1e-9)
  },
  'gt06-traccar-07': (assert, result) => {
    assert.equal(result.kind, 'position')
    if (result.kind === 'position') assert.equal(result.position.attributes.batteryLevel, 93)
  },
  'gt06-traccar-10': (assert, result) => {
    // 'sos': terminal info alarm bits = 4
    assert.equal(result.kind, 'position')
    if (result.kind === 'position') assert.equal(result.position.attributes.statusAlarm, 4)
  },
  'gt06-traccar-11': (assert, result) => {
    assert.equal(result.kind, 'status')
    if (result.kind === 'status') assert.notProperty(result.attributes, 'power')
  },
  'gt06-traccar-13': (assert, result) => {
    assert.equal(result.kind, 'position')
    if (result.kind === 'position') assert.equal(result.position.attributes.drivingTime, 0)
  },
  'gt06-traccar-17': (assert, result) => {
    assert.equal(result.kind, 'status')
    if (result.kind === 'status') assert.closeTo(result.attributes.power as number, 3.67, 1e-9)
  },
  'gt06-traccar-19': (assert, result) => {
    // 'tampering': alarm byte 0x25 (kept raw; no spec code maps it)
    assert.equal(result.kind, 'position')
    if (result.kind === 'position') assert.equal(result.position.attributes.alarm, 0x25)
  },
  'gt06-traccar-26': (assert, result) => {
    assert.equal(result.kind, 'command_reply')
    if (result.kind === 'command_reply') {
      assert.equal(result.attributes.iccid, '89882390000097302650')
    }
  },
  'gt06-traccar-68': (assert, result) => {
    // 'hardAcceleration': alarm byte 0x19 -> A101
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.equal(result.position.attributes.alarm, 0x19)
    const codes = gt06Events(undefined, result.position).map((event) => event.code)
    assert.include(codes, 'A101')
  },
}

/** Assertions that need model-specific decoding this decoder does not do. */
const NOT_DECODED: Record<string, string> = {
  'gt06-traccar-71':
    'NT20 0x22 layout (terminal id and two timestamps before the GPS block; "hours" from a ' +
    'trailing minute counter) is model specific; the frame is acknowledged but not decoded',
}

test.group('GT06 decoder | vectors', () => {
  for (const candidate of vectorsOf('gt06')) {
    test(candidate.id, ({ assert }) => {
      const result = decode(candidate)
      const derived = candidate.derived ?? {}
      const expected = candidate.expected ?? {}

      if (derived.crc_ok === false || derived.length_consistent === false) {
        assert.equal(result.kind, 'invalid')
        assert.isNull(result.reply)
        return
      }

      if (expected.server_reply_hex) assert.equal(replyHex(result), expected.server_reply_hex)
      if (result.kind !== 'invalid') assert.equal(result.serial, derived.serial)

      if (derived.protocol_number === '0x01') {
        assert.equal(result.kind, 'login')
        if (result.kind !== 'login') return
        assert.equal(result.imei, derived.imei)
        assert.equal(replyHex(result), derived.ack_if_sent)
        if (derived.type_identifier) {
          assert.equal(result.typeIdentifier, Number(derived.type_identifier))
        }
        return
      }

      if (derived.protocol_number === '0x8A') {
        assert.equal(result.kind, 'time_request')
        assert.equal(replyHex(result), '78780b8a18010203040500068c330d0a')
        return
      }

      if (NOT_DECODED[candidate.id]) {
        assert.equal(result.kind, 'unsupported')
        assert.equal(replyHex(result), derived.ack_if_sent)
        return
      }

      TRACCAR_ASSERTIONS[candidate.id]?.(assert, result)

      if (candidate.hex!.startsWith('7878')) {
        assert.equal(replyHex(result), derived.ack_if_sent ?? derived.traccar_ack_hex)
      } else {
        // 0x7979 information packets need no reply (Traccar sends none either).
        assert.isNull(result.reply)
      }

      if (derived.gps) {
        assert.equal(result.kind, 'position')
        if (result.kind !== 'position') return
        const { position } = result
        const gps = derived.gps
        assert.equal(position.imei, IMEI)
        assert.equal(position.fixTime.toISOString(), new Date(gps.time_utc).toISOString())
        assert.equal(position.satellites, gps.satellites)
        assert.closeTo(position.latitude, gps.latitude, 1e-6)
        assert.closeTo(position.longitude, gps.longitude, 1e-6)
        assert.equal(position.speed, gps.speed_kmh)
        assert.equal(position.course, gps.course_deg)
        assert.equal(position.valid, gps.gps_fixed)

        const attributes = position.attributes
        if (derived.terminal_info) {
          const info = derived.terminal_info
          assert.equal(attributes.ignition, info.acc_ignition_bit1)
          assert.equal(attributes.charging, info.charging_bit2)
          assert.equal(attributes.blocked, info.oil_electricity_cut_bit7)
          assert.equal(attributes.armed, info.armed_bit0)
          assert.equal(attributes.statusAlarm, info.alarm_bits3_5 || undefined)
          assert.equal(attributes.voltageLevel, derived.voltage_level)
          assert.equal(attributes.gsmLevel, derived.gsm_signal)
          assert.equal(attributes.alarm, Number(derived.alarm_byte) || undefined)
        } else if (derived.acc !== undefined) {
          assert.equal(attributes.ignition, derived.acc === 1)
          assert.equal(attributes.reupload, derived.realtime_or_reupload === 1)
        } else if (
          gps.acc_ignition_from_status_word !== undefined &&
          !['0x16', '0x26', '0x27'].includes(derived.protocol_number)
        ) {
          assert.equal(attributes.ignition, gps.acc_ignition_from_status_word)
        }
        if (derived.lbs && (derived.lbs.mcc || derived.lbs.cell_id)) {
          assert.equal(attributes.mcc, derived.lbs.mcc)
          assert.equal(attributes.mnc, derived.lbs.mnc)
          assert.equal(attributes.lac, derived.lbs.lac)
          assert.equal(attributes.cellId, derived.lbs.cell_id)
        }
      }

      const logged = expected.traccar_logged_decode
      if (logged && result.kind === 'position') {
        const { position } = result
        assert.equal(
          position.fixTime.toISOString(),
          `${logged.fixTime_as_logged.replace(' ', 'T')}.000Z`
        )
        assert.closeTo(position.latitude, logged.latitude, 1e-5)
        assert.closeTo(position.longitude, logged.longitude, 1e-5)
        assert.closeTo(position.speed / 1.852, logged.speed_knots, 0.05)
        assert.equal(position.course, logged.course)
      }

      if (
        expected.traccar_decoder_returns ===
        'one position with non-empty attributes (location not checked)'
      ) {
        const attributes =
          result.kind === 'position'
            ? result.position.attributes
            : result.kind === 'status'
              ? result.attributes
              : {}
        assert.isAbove(Object.keys(attributes).length, 0)
      }
    })
  }
})

test.group('GT06 decoder | specific layouts', () => {
  test('0x13 status: blocked (bit 7), charging, GPS tracking, voltage and GSM', ({ assert }) => {
    const result = decode(vector('gt06-traccar-41'))
    assert.equal(result.kind, 'status')
    if (result.kind !== 'status') return
    assert.include(result.attributes, {
      blocked: true,
      charging: true,
      ignition: false,
      gpsTracking: true,
      voltageLevel: 6,
      batteryLevel: 100,
      gsmLevel: 4,
      rssi: 5,
    })
  })

  test('0x23 heartbeat: battery volts and signal', ({ assert }) => {
    const result = decode(vector('gt06-traccar-34'))
    assert.equal(result.kind, 'status')
    if (result.kind !== 'status') return
    assert.deepEqual(result.attributes, {
      armed: false,
      ignition: false,
      charging: false,
      battery: 2.9,
      gsmLevel: 4,
      rssi: 5,
    })
  })

  test('0x11: two-byte MNC and four-byte cell id', ({ assert }) => {
    const result = decode(vector('gt06-traccar-21'))
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.include(result.position.attributes, {
      mcc: 302,
      mnc: 720,
      lac: 0x75df,
      cellId: 0x0084890c,
    })
  })

  test('0x16 VXT01 layout: power in volts, SOS from the terminal bits', ({ assert }) => {
    const result = decode(vector('gt06-traccar-10'))
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.include(result.position.attributes, { mcc: 370, power: 12.52, statusAlarm: 4 })
  })

  test('0x12 WETRUST layout: odometer and driver card', ({ assert }) => {
    const result = decode(vector('gt06-traccar-13'))
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.include(result.position.attributes, { odometer: 34460, card: '0', drivingTime: 0 })
  })

  test('0x12 with a trailing 4-byte odometer', ({ assert }) => {
    const result = decode(vector('gt06-traccar-54'))
    assert.equal(result.kind, 'position')
    if (result.kind === 'position') assert.equal(result.position.attributes.odometer, 0x0041ee10)
  })

  test('0x16 alarm packets map to events', ({ assert }) => {
    const vibration = decode(vector('gt06-traccar-52'))
    const overspeed = decode(vector('gt06-traccar-64'))
    if (vibration.kind !== 'position' || overspeed.kind !== 'position')
      throw new Error('no position')
    assert.deepEqual(
      gt06Events({ ignition: false }, vibration.position).map((event) => event.code),
      ['A112']
    )
    assert.deepEqual(
      gt06Events({ ignition: true }, overspeed.position).map((event) => [event.code, event.state]),
      [['105', 'A']]
    )
  })

  test('login time-zone extension: 0x190A is UTC-4:00', ({ assert }) => {
    const result = decode(vector('gt06-traccar-61'))
    assert.equal(result.kind, 'login')
    if (result.kind === 'login') assert.equal(result.timeZoneOffsetMinutes, -240)
  })

  test('device clock offset applies to GPS dates', ({ assert }) => {
    const frame = bytes(vector('gt06-issue5427-1'))
    const result = decodeGt06Frame(frame, { timeZoneOffsetMinutes: 180 })
    if (result.kind !== 'position') throw new Error('no position')
    assert.equal(result.position.fixTime.toISOString(), '2024-10-04T12:58:55.000Z')
  })

  test('0x15 command reply text', ({ assert }) => {
    const packet = encodeGt06Packet(
      0x15,
      Buffer.from('\x0e\0\0\0\x01Relay,1:OK\0\x02', 'latin1'),
      7
    )
    const result = decodeGt06Frame(packet)
    assert.equal(result.kind, 'command_reply')
    if (result.kind === 'command_reply') assert.equal(result.text, 'Relay,1:OK')
  })

  test('0x21 command reply in UTF-16BE, no reply sent', ({ assert }) => {
    const text = Buffer.from('OK!', 'utf16le').swap16()
    const content = Buffer.concat([Buffer.from([0, 0, 0, 1, 2]), text])
    const result = decodeGt06Frame(encodeGt06Packet(0x21, content, 9, true))
    assert.equal(result.kind, 'command_reply')
    if (result.kind !== 'command_reply') return
    assert.equal(result.text, 'OK!')
    assert.isNull(result.reply)
  })

  test('0x94 external voltage (sub-type 0) and unknown sub-types kept raw', ({ assert }) => {
    const voltage = decodeGt06Frame(
      encodeGt06Packet(0x94, Buffer.from([0x00, 0x04, 0xeb]), 1, true)
    )
    assert.deepEqual(voltage.kind === 'status' && voltage.attributes, { power: 12.59 })
    const other = decodeGt06Frame(encodeGt06Packet(0x94, Buffer.from([0x42, 0xab]), 2, true))
    assert.deepEqual(other.kind === 'status' && other.attributes, { infoType: 0x42, info: 'ab' })
  })

  test('an impossible GPS date is acknowledged but not turned into a position', ({ assert }) => {
    const result = decode(vector('gt06-traccar-71'))
    assert.equal(result.kind, 'unsupported')
    assert.match(NOT_DECODED['gt06-traccar-71'], /model specific/)
  })

  test('content shorter than its layout is reported, not thrown', ({ assert }) => {
    const result = decodeGt06Frame(encodeGt06Packet(0x12, Buffer.from([0x18, 0x01]), 3))
    assert.deepEqual(result.kind === 'unsupported' && result.reason, 'content too short')
  })

  test('frames with a bad CRC, stop bytes or start bytes are invalid with no reply', ({
    assert,
  }) => {
    const good = bytes(vector('gt06-issue5427-1'))
    const badCrc = Buffer.from(good)
    badCrc[badCrc.length - 3] ^= 0xff
    const badStop = Buffer.from(good)
    badStop[badStop.length - 1] = 0x00
    const badStart = Buffer.from(good)
    badStart[0] = 0x77
    for (const frame of [badCrc, badStop, badStart, good.subarray(0, 8)]) {
      const result = decodeGt06Frame(frame)
      assert.equal(result.kind, 'invalid')
      assert.isNull(result.reply)
    }
  })
})
