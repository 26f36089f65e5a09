import { test } from '@japa/runner'
import { H02FrameDecoder } from '#tracking/protocols/h02/h02_frame_decoder'
import { decodeH02Frame, h02StatusAttributes } from '#tracking/protocols/h02/h02_decoder'
import { encodeH02EngineResume, encodeH02EngineStop } from '#tracking/protocols/h02/h02_encoder'
import { h02Events } from '#tracking/protocols/h02/h02_events'
import { assertDecodedAsTraccarSays, moreVectorsOf, wireBytes } from '../helpers/more_vectors.js'
import { chunked } from '../helpers/vectors.js'

const now = new Date('2026-11-28T10:20:30Z')

test.group('H02 decoder: Traccar test frames', () => {
  for (const vector of moreVectorsOf('h02')) {
    test(`${vector.id}: ${vector.description.split('.')[0]}`, ({ assert }) => {
      const frames = new H02FrameDecoder().push(wireBytes(vector))
      assert.lengthOf(frames, 1)
      assertDecodedAsTraccarSays(assert, vector, decodeH02Frame(frames[0], { now }), now)
    })
  }
})

test.group('H02 decoder', () => {
  test('reads a binary frame field by field', ({ assert }) => {
    const frame = Buffer.from(
      '2491802711800850240512192350143206090249758e000001ffffbbff00bdf0900000000001d60161cc4b9a35',
      'hex'
    )
    const result = decodeH02Frame(frame, { now })
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.equal(result.position.fixTime.toISOString(), '2019-12-05T08:50:24.000Z')
    assert.approximately(result.position.latitude, 23 + 50.1432 / 60, 1e-9)
    assert.approximately(result.position.longitude, 90 + 24.9758 / 60, 1e-9)
    assert.isTrue(result.position.valid)
    assert.equal(result.position.course, 1)
    assert.equal(result.position.attributes.status, 0xffffbbff)
  })

  test('splits glued and segmented frames of both kinds', ({ assert }) => {
    const text = Buffer.from(
      '*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#\r\n'
    )
    const binary = Buffer.from(
      '2427051711092133391406135002584900014337822e000000ffffffffff0000',
      'hex'
    )
    const stream = Buffer.concat([text, binary, binary, text])
    const decoder = new H02FrameDecoder()
    const frames = chunked(stream, [7, 3, 40, 1]).flatMap((chunk) => decoder.push(chunk))
    assert.deepEqual(
      frames.map((frame) => frame.length),
      [text.length - 2, 32, 32, text.length - 2]
    )
  })

  test('rejects a binary frame with a non-decimal digit and an impossible date', ({ assert }) => {
    const bad = Buffer.from(
      '24270517110921333914061350025849000143378a2e000000ffffffffff0000',
      'hex'
    )
    assert.equal(decodeH02Frame(bad, { now }).kind, 'invalid')
    const february31 = Buffer.from(
      '*HQ,4300256455,V1,111817,A,1935.5128,N,04656.3243,E,0.00,100,310213,FFE7FBFF#'
    )
    assert.equal(decodeH02Frame(february31, { now }).kind, 'invalid')
  })

  test('gives up on a stream that is not H02', ({ assert }) => {
    const decoder = new H02FrameDecoder()
    assert.throws(() => decoder.push(Buffer.alloc(2000, 0x41)))
  })

  test('the status word: active-low alarms and ignition on bit 10', ({ assert }) => {
    assert.containsSubset(h02StatusAttributes(0xffffffff), {
      ignition: true,
      vibrationAlarm: false,
      overspeedAlarm: false,
      powerCut: false,
    })
    assert.containsSubset(h02StatusAttributes(0xfff7fbfe), {
      ignition: false,
      vibrationAlarm: true,
      overspeedAlarm: false,
      powerCut: true,
    })
  })

  test('maps alarms onto the spec codes once per change', ({ assert }) => {
    const at = (status: number) => ({
      imei: '1',
      fixTime: now,
      latitude: 1,
      longitude: 1,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: 0,
      valid: true,
      attributes: h02StatusAttributes(status),
    })
    const quiet = at(0xffffffff)
    const shaken = at(0xfff7fbfe)
    const codes = h02Events(quiet.attributes, shaken).map(
      (event) => `${event.code}${event.state ?? ''}`
    )
    assert.sameMembers(codes, ['A112', '107A', '100F'])
    assert.deepEqual(h02Events(shaken.attributes, at(0xfff7fbfe)), [])
  })

  test('engine stop and resume commands', ({ assert }) => {
    assert.equal(
      encodeH02EngineStop('4210209006', now).toString(),
      '*HQ,4210209006,S20,102030,1,1#'
    )
    assert.equal(
      encodeH02EngineResume('4210209006', now).toString(),
      '*HQ,4210209006,S20,102030,1,0#'
    )
  })
})
