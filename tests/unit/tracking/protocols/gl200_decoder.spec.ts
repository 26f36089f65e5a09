import { test } from '@japa/runner'
import { createGl200FrameDecoder } from '#tracking/protocols/gl200/gl200_frame_decoder'
import { decodeGl200Frame, type Gl200Result } from '#tracking/protocols/gl200/gl200_decoder'
import {
  encodeGl200EngineResume,
  encodeGl200EngineStop,
} from '#tracking/protocols/gl200/gl200_encoder'
import { gl200Events } from '#tracking/protocols/gl200/gl200_events'
import type { Position } from '#tracking/position'
import { chunked } from '../helpers/vectors.js'
import { expectedAck, moreVectorsOf, wireBytes } from '../helpers/more_vectors.js'

/** Traccar names the alarm `alarm`; positions here keep it as `deviceAlarm`. */
const ATTRIBUTE_NAMES: Record<string, string> = { alarm: 'deviceAlarm' }

function decodeOne(bytes: Buffer): Gl200Result {
  const frames = createGl200FrameDecoder().push(bytes)
  if (frames.length !== 1) throw new Error(`${frames.length} frames`)
  return decodeGl200Frame(frames[0])
}

function frame(text: string) {
  return Buffer.from(text, 'latin1')
}

test.group('Queclink GL200 decoder: Traccar test frames', () => {
  for (const vector of moreVectorsOf('gl200')) {
    test(`${vector.id}: ${vector.description.split('.')[0]}`, ({ assert }) => {
      const result = decodeOne(wireBytes(vector))
      assert.notEqual(result.kind, 'invalid', JSON.stringify(result))
      if (result.kind === 'invalid') return
      assert.equal(result.imei, vector.device_id_in_frame)
      assert.equal(result.reply, expectedAck(vector, new Date()))
      if (vector.expect === 'none') return assert.equal(result.kind, 'none')
      if (vector.expect === 'position') {
        assert.equal(result.kind, 'positions')
        if (result.kind !== 'positions') return
        for (const position of result.positions) {
          assert.isTrue(Math.abs(position.latitude) <= 90 && Math.abs(position.longitude) <= 180)
          assert.isAbove(position.fixTime.getTime(), Date.UTC(2000, 0, 1))
          assert.isBelow(position.fixTime.getTime(), Date.UTC(2030, 0, 1))
        }
        const [first] = result.positions
        const expected = vector.expected ?? {}
        if (expected.time) assert.equal(first.fixTime.toISOString(), expected.time)
        if (expected.lat !== undefined) assert.approximately(first.latitude, expected.lat, 1e-5)
        if (expected.lon !== undefined) assert.approximately(first.longitude, expected.lon, 1e-5)
        return
      }
      assert.oneOf(result.kind, ['positions', 'status', 'command_reply'])
      const attributes =
        result.kind === 'positions'
          ? result.positions[0].attributes
          : result.kind === 'status'
            ? result.attributes
            : { result: result.kind === 'command_reply' ? result.text : undefined }
      assert.isAbove(Object.keys(attributes).length, 0)
      for (const [key, value] of Object.entries(vector.expected?.attributes ?? {})) {
        assert.equal(attributes[ATTRIBUTE_NAMES[key] ?? key], value, key)
      }
    })
  }
})

test.group('Queclink GL200 decoder', () => {
  test('a heartbeat is answered with its protocol version and count', ({ assert }) => {
    const result = decodeOne(frame('+ACK:GTHBD,060100,135790246811220,,20100214093254,11F0$'))
    assert.equal(result.kind, 'heartbeat')
    assert.equal(result.kind === 'heartbeat' && result.reply, '+SACK:GTHBD,060100,11F0$')
  })

  test('a report is acknowledged with its count number once stored', ({ assert }) => {
    const result = decodeOne(
      frame(
        '+RESP:GTFRI,060100,135790246811220,,,00,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,12345:12:34,,,80,210100,,,,20090214093254,11F0$'
      )
    )
    assert.equal(result.kind, 'positions')
    if (result.kind !== 'positions') return
    assert.equal(result.ack, '+SACK:11F0$')
    const [position] = result.positions
    assert.equal(position.fixTime.toISOString(), '2009-02-14T01:32:54.000Z')
    assert.approximately(position.latitude, 31.222073, 1e-6)
    assert.approximately(position.longitude, 121.354335, 1e-6)
    assert.equal(position.speed, 4.3)
    assert.equal(position.attributes.odometer, 2_000_000)
    assert.equal(position.attributes.batteryLevel, 80)
    assert.isTrue(position.attributes.ignition)
  })

  test('every fix of a GTFRI with several is a position', ({ assert }) => {
    const result = decodeOne(
      frame(
        '+RESP:GTFRI,060100,135790246811220,,,00,1,2,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,' +
          '1,40.0,90,71.0,121.355335,31.223073,20090214013354,0460,0000,18d8,6141,00,2000.0,,,,80,210100,,,,20090214093254,11F2$'
      )
    )
    assert.equal(result.kind, 'positions')
    if (result.kind !== 'positions') return
    assert.lengthOf(result.positions, 2)
    assert.equal(result.positions[1].fixTime.toISOString(), '2009-02-14T01:33:54.000Z')
    assert.equal(result.positions[1].speed, 40)
  })

  test('frames split across segments and glued together', ({ assert }) => {
    const one = '+ACK:GTHBD,060100,135790246811220,,20100214093254,11F0$'
    const two =
      '+RESP:GTIGF,270302,867162025085234,,3519,0,0.0,92,111.2,-116.867638,32.450321,20180327070835,0334,0020,2B24,52CC3DE,00,,243.1,20180327070837,2A98$\r\n'
    const decoder = createGl200FrameDecoder()
    const frames = chunked(Buffer.from(one + two + one), [5, 60, 1, 90]).flatMap((chunk) =>
      decoder.push(chunk)
    )
    assert.deepEqual(
      frames.map((bytes) => decodeGl200Frame(bytes).kind),
      ['heartbeat', 'positions', 'heartbeat']
    )
  })

  test('truncated and corrupt frames are refused', ({ assert }) => {
    assert.equal(decodeGl200Frame(frame('+RESP:GTFRI,0601')).kind, 'invalid')
    assert.equal(decodeGl200Frame(frame('hello world')).kind, 'invalid')
    assert.equal(
      decodeGl200Frame(frame('+RESP:GTFRI,060100,135790246811220,,,00,1,1,4.3,92,70.0,121.3')).kind,
      'invalid'
    )
  })

  test('engine stop and resume set output 1 with the device password', ({ assert }) => {
    assert.equal(
      encodeGl200EngineStop('gv300').toString(),
      'AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$'
    )
    assert.equal(
      encodeGl200EngineResume('gv300').toString(),
      'AT+GTOUT=gv300,0,,,0,0,0,0,0,0,0,,,,,,,FFFF$'
    )
  })

  test('reports map onto the spec codes', ({ assert }) => {
    const at = (text: string): Position => {
      const result = decodeOne(frame(text))
      if (result.kind !== 'positions') throw new Error(result.kind)
      return result.positions[0]
    }
    const tail =
      '0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$'
    const codes = (position: Position, previous = {}) =>
      gl200Events(previous, position).map((event) => `${event.code}${event.state ?? ''}`)

    assert.deepEqual(codes(at(`+RESP:GTEPF,060100,135790246811220,,,,1,${tail}`)), ['107A'])
    assert.deepEqual(codes(at(`+RESP:GTEPN,060100,135790246811220,,,,1,${tail}`)), ['107F'])
    assert.deepEqual(codes(at(`+RESP:GTSPD,060100,135790246811220,,,,1,${tail}`)), ['105A'])
    assert.deepEqual(codes(at(`+RESP:GTHBM,4B0101,135790246811220,,,10,1,1,${tail.slice(2)}`)), [
      'A102',
    ])
    assert.deepEqual(codes(at(`+RESP:GTHBM,4B0101,135790246811220,,,11,1,1,${tail.slice(2)}`)), [
      'A101',
    ])
    assert.deepEqual(codes(at(`+RESP:GTTOW,060100,135790246811220,,,,1,${tail}`)), ['A112'])
    const ignitionOn = at(
      '+RESP:GTIGN,060228,862894020180553,,9860,0,0.2,189,420.0,-63.158195,-17.800608,20160309022951,0736,0003,6AD4,3471,00,,881.2,20160308222956,129A$'
    )
    assert.deepEqual(codes(ignitionOn, { ignition: false }), ['100A'])
    const ignitionOff = at(
      '+RESP:GTIGF,270302,867162025085234,,3519,0,0.0,92,111.2,-116.867638,32.450321,20180327070835,0334,0020,2B24,52CC3DE,00,,243.1,20180327070837,2A98$'
    )
    assert.deepEqual(codes(ignitionOff, { ignition: true }), ['100F'])
    // SOS has no §9 code: it stays on the position.
    const sos = at(`+RESP:GTSOS,060100,135790246811220,,,,1,${tail}`)
    assert.equal(sos.attributes.deviceAlarm, 'sos')
    assert.deepEqual(codes(sos), [])
  })
})
