import { test } from '@japa/runner'
import { MeitrackFrameDecoder } from '#tracking/protocols/meitrack/meitrack_frame_decoder'
import { decodeMeitrackFrame } from '#tracking/protocols/meitrack/meitrack_decoder'
import {
  encodeMeitrackEngineResume,
  encodeMeitrackEngineStop,
  meitrackChecksum,
} from '#tracking/protocols/meitrack/meitrack_encoder'
import { meitrackEvents } from '#tracking/protocols/meitrack/meitrack_events'
import { chunked } from '../helpers/vectors.js'
import { expectedAck, moreVectorsOf, wireBytes } from '../helpers/more_vectors.js'

test.group('Meitrack decoder: Traccar test frames', () => {
  for (const vector of moreVectorsOf('meitrack')) {
    test(`${vector.id}: ${vector.description.split('.')[0]}`, ({ assert }) => {
      const frames = new MeitrackFrameDecoder().push(wireBytes(vector))
      assert.lengthOf(frames, 1)
      const result = decodeMeitrackFrame(frames[0])
      assert.notEqual(result.kind, 'invalid', JSON.stringify(result))
      if (result.kind === 'invalid') return
      assert.equal(result.imei, vector.device_id_in_frame)
      const reply = 'reply' in result && result.reply ? result.reply.toString('latin1') : null
      assert.equal(reply, expectedAck(vector, new Date()))

      const expected = vector.expected ?? {}
      if (vector.expect === 'none') return assert.equal(result.kind, 'none')
      if (expected.attributes && 'result' in expected.attributes) {
        // A command answer: it closes the command, it is not a position.
        assert.equal(result.kind, 'command_reply')
        return assert.equal(
          result.kind === 'command_reply' && result.text,
          expected.attributes.result
        )
      }
      assert.equal(result.kind, 'positions')
      if (result.kind !== 'positions') return
      assert.isAbove(result.positions.length, 0)
      const [first] = result.positions
      for (const position of result.positions) {
        assert.isTrue(Math.abs(position.latitude) <= 90 && Math.abs(position.longitude) <= 180)
        assert.isAbove(position.fixTime.getTime(), Date.UTC(2000, 0, 1))
      }
      if (expected.time) assert.equal(first.fixTime.toISOString(), expected.time)
      if (expected.valid !== undefined) assert.equal(first.valid, expected.valid)
      if (expected.lat !== undefined) assert.approximately(first.latitude, expected.lat, 1e-5)
      if (expected.lon !== undefined) assert.approximately(first.longitude, expected.lon, 1e-5)
      // Traccar's `hours` is the engine hours in milliseconds; positions keep hours.
      if (expected.attributes?.hours !== undefined) {
        assert.equal(Number(first.attributes.engineHours) * 3_600_000, expected.attributes.hours)
      }
    })
  }
})

test.group('Meitrack decoder', () => {
  test('a batch split across segments is one frame, and its records all decode', ({ assert }) => {
    const vector = moreVectorsOf('meitrack').find(
      (candidate) => candidate.id === 'meitrack-traccar-1'
    )!
    const bytes = wireBytes(vector)
    const decoder = new MeitrackFrameDecoder()
    const frames = chunked(Buffer.concat([bytes, bytes]), [7, 100, 3]).flatMap((chunk) =>
      decoder.push(chunk)
    )
    assert.lengthOf(frames, 2)
    const result = decodeMeitrackFrame(frames[1])
    assert.equal(result.kind, 'positions')
    assert.isAbove(result.kind === 'positions' ? result.positions.length : 0, 1)
  })

  test('a truncated batch is refused, not half stored', ({ assert }) => {
    const vector = moreVectorsOf('meitrack').find(
      (candidate) => candidate.id === 'meitrack-traccar-1'
    )!
    const bytes = wireBytes(vector)
    const cut = Buffer.concat([bytes.subarray(0, 200), bytes.subarray(bytes.length - 5)])
    cut.write(
      String(cut.indexOf(0x2c) > 0 ? cut.length - cut.indexOf(0x2c) : 0).padStart(4, '0'),
      3
    )
    assert.equal(decodeMeitrackFrame(cut).kind, 'invalid')
  })

  test('a stream that is not Meitrack closes the connection', ({ assert }) => {
    assert.throws(() => new MeitrackFrameDecoder().push(Buffer.from('$$Xabcdefghij,123')))
    assert.throws(() => new MeitrackFrameDecoder().push(Buffer.alloc(2000, 0x41)))
  })

  test('engine stop and resume set output 1, framed with length and checksum', ({ assert }) => {
    const stop = encodeMeitrackEngineStop('353358017784062').toString()
    assert.equal(
      stop,
      `@@A33,353358017784062,C01,0,12222*${meitrackChecksum('@@A33,353358017784062,C01,0,12222*')}\r\n`
    )
    assert.include(encodeMeitrackEngineResume('353358017784062').toString(), ',C01,0,02222*')
  })

  test('events map onto the spec codes', ({ assert }) => {
    const at = (deviceEvent: number) => ({
      imei: '1',
      fixTime: new Date(),
      latitude: 1,
      longitude: 1,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: 0,
      valid: true,
      attributes: { deviceEvent },
    })
    const codes = (event: number) =>
      meitrackEvents(undefined, at(event)).map((found) => `${found.code}${found.state ?? ''}`)
    assert.deepEqual(codes(129), ['A102'])
    assert.deepEqual(codes(130), ['A101'])
    assert.deepEqual(codes(90), ['A103'])
    assert.deepEqual(codes(91), ['A104'])
    assert.deepEqual(codes(23), ['107A'])
    assert.deepEqual(codes(22), ['107F'])
    assert.deepEqual(codes(35), [])
  })
})
