import { test } from '@japa/runner'
import { createGps103FrameDecoder } from '#tracking/protocols/gps103/gps103_frame_decoder'
import { decodeGps103Frame } from '#tracking/protocols/gps103/gps103_decoder'
import {
  encodeGps103EngineResume,
  encodeGps103EngineStop,
} from '#tracking/protocols/gps103/gps103_encoder'
import { gps103Events } from '#tracking/protocols/gps103/gps103_events'
import { assertDecodedAsTraccarSays, moreVectorsOf, wireBytes } from '../helpers/more_vectors.js'

const now = new Date('2026-11-28T10:20:30Z')

/** Traccar names the attribute `alarm`; positions here keep the device's word as `deviceAlarm`. */
const ATTRIBUTE_NAMES: Record<string, string> = { alarm: 'deviceAlarm' }

test.group('GPS103 decoder: Traccar test frames', () => {
  for (const vector of moreVectorsOf('gps103')) {
    test(`${vector.id}: ${vector.description.split('.')[0]}`, ({ assert }) => {
      const frames = createGps103FrameDecoder().push(wireBytes(vector))
      assert.lengthOf(frames, 1)
      assertDecodedAsTraccarSays(
        assert,
        vector,
        decodeGps103Frame(frames[0], { now }),
        now,
        ATTRIBUTE_NAMES
      )
    })
  }
})

test.group('GPS103 decoder', () => {
  test('login, heartbeat and location glued in one segment', ({ assert }) => {
    const stream = Buffer.from(
      '##,imei:359586015829802,A;359586015829802;imei:359586015829802,tracker,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;'
    )
    const results = createGps103FrameDecoder()
      .push(stream)
      .map((frame) => decodeGps103Frame(frame, { now }))
    assert.deepEqual(
      results.map((result) => result.kind),
      ['login', 'heartbeat', 'position']
    )
    assert.deepEqual(
      results.map((result) => ('reply' in result ? result.reply : null)),
      ['LOAD', 'ON', null]
    )
  })

  test('the device clock gives the date, the GPS time the zone', ({ assert }) => {
    // Local 2015-10-30 08:01 at UTC+8, fix at 00:01:01 UTC.
    const frame = Buffer.from(
      'imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0'
    )
    const result = decodeGps103Frame(frame, { now })
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.equal(result.position.fixTime.toISOString(), '2015-10-30T00:01:01.000Z')
    // Local 23:50 on the 1st at UTC-3 is 02:50 UTC on the 2nd.
    const late = decodeGps103Frame(
      Buffer.from(
        'imei:359710045559474,tracker,1511012350,,F,025001.000,A,5443.3834,N,02512.9071,E,0.00,0'
      ),
      { now }
    )
    assert.equal(
      late.kind === 'position' && late.position.fixTime.toISOString(),
      '2015-11-02T02:50:01.000Z'
    )
  })

  test('refuses frames that are not GPS103', ({ assert }) => {
    assert.equal(decodeGps103Frame(Buffer.from('GET / HTTP/1.1'), { now }).kind, 'invalid')
    assert.equal(
      decodeGps103Frame(
        Buffer.from(
          'imei:359710045559474,tracker,151340080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0'
        ),
        { now }
      ).kind,
      'invalid'
    )
    assert.throws(() => createGps103FrameDecoder().push(Buffer.alloc(5000, 0x41)))
  })

  test('alarms map onto the spec codes', ({ assert }) => {
    const position = (deviceAlarm: string) => ({
      imei: '1',
      fixTime: now,
      latitude: 1,
      longitude: 1,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: 0,
      valid: true,
      attributes: { deviceAlarm },
    })
    const codes = (alarm: string) =>
      gps103Events(undefined, position(alarm)).map((event) => `${event.code}${event.state ?? ''}`)
    assert.deepEqual(codes('vibration'), ['A112'])
    assert.deepEqual(codes('overspeed'), ['105A'])
    assert.deepEqual(codes('powerCut'), ['107A'])
    assert.deepEqual(codes('sos'), [])
  })

  test('engine stop and resume commands', ({ assert }) => {
    assert.equal(encodeGps103EngineStop('359586015829802').toString(), '**,imei:359586015829802,J')
    assert.equal(
      encodeGps103EngineResume('359586015829802').toString(),
      '**,imei:359586015829802,K'
    )
  })
})
