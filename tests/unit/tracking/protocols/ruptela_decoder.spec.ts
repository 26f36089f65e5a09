import { test } from '@japa/runner'
import { RuptelaFrameDecoder } from '#tracking/protocols/ruptela/ruptela_frame_decoder'
import { decodeRuptelaFrame } from '#tracking/protocols/ruptela/ruptela_decoder'
import { encodeRuptelaAck } from '#tracking/protocols/ruptela/ruptela_encoder'
import { ruptelaEvents } from '#tracking/protocols/ruptela/ruptela_events'
import { chunked } from '../helpers/vectors.js'
import { expectedAck, moreVectorsOf, wireBytes } from '../helpers/more_vectors.js'

test.group('Ruptela decoder: Traccar test frames', () => {
  for (const vector of moreVectorsOf('ruptela')) {
    test(`${vector.id}: ${vector.description.split('.')[0]}`, ({ assert }) => {
      const frames = new RuptelaFrameDecoder().push(wireBytes(vector))
      assert.lengthOf(frames, 1)
      const result = decodeRuptelaFrame(frames[0])
      assert.notEqual(result.kind, 'invalid', JSON.stringify(result))
      if (result.kind === 'invalid') return
      assert.equal(result.imei, vector.device_id_in_frame)
      const reply = 'reply' in result && result.reply ? result.reply.toString('latin1') : null
      assert.equal(reply, expectedAck(vector, new Date()))
      if (vector.id === 'ruptela-traccar-7') {
        assert.equal(result.kind, 'command_reply')
        return assert.equal(
          result.kind === 'command_reply' && result.text,
          'SETIO configuration data ok'
        )
      }
      assert.equal(result.kind, 'positions')
      if (result.kind !== 'positions') return
      assert.isAbove(result.positions.length, 0)
      for (const position of result.positions) {
        assert.isTrue(Math.abs(position.latitude) <= 90 && Math.abs(position.longitude) <= 180)
        assert.isAbove(position.fixTime.getTime(), Date.UTC(2000, 0, 1))
      }
      for (const [key, value] of Object.entries(vector.expected?.attributes ?? {})) {
        assert.equal(result.positions[0].attributes[key], value)
      }
    })
  }
})

test.group('Ruptela decoder', () => {
  test('a record batch in small segments, then a frame with a bad CRC refused', ({ assert }) => {
    const vector = moreVectorsOf('ruptela').find(
      (candidate) => candidate.id === 'ruptela-traccar-16'
    )!
    const bytes = wireBytes(vector)
    const decoder = new RuptelaFrameDecoder()
    const frames = chunked(bytes, [1, 5, 17]).flatMap((chunk) => decoder.push(chunk))
    assert.lengthOf(frames, 1)
    const result = decodeRuptelaFrame(frames[0])
    assert.equal(result.kind, 'positions')
    assert.isAbove(result.kind === 'positions' ? result.positions.length : 0, 1)
    const corrupt = Buffer.from(bytes)
    corrupt[40] ^= 0xff
    assert.deepEqual(decodeRuptelaFrame(corrupt), { kind: 'invalid', reason: 'CRC mismatch' })
  })

  test('acknowledgements as the devices expect them', ({ assert }) => {
    assert.equal(encodeRuptelaAck(1).toString('hex'), '0002640113bc')
    assert.equal(encodeRuptelaAck(68).toString('hex'), '0002640113bc')
    assert.equal(encodeRuptelaAck(9).toString('hex'), '00026d01c4a4')
  })

  test('a length no device sends closes the connection', ({ assert }) => {
    assert.throws(() => new RuptelaFrameDecoder().push(Buffer.from('ffff00', 'hex')))
  })

  test('harsh driving and ignition map onto the spec codes', ({ assert }) => {
    const position = (attributes: Record<string, unknown>) => ({
      imei: '1',
      fixTime: new Date(),
      latitude: 1,
      longitude: 1,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: 5,
      valid: true,
      attributes,
    })
    const codes = (attributes: Record<string, unknown>) =>
      ruptelaEvents({ ignition: false }, position(attributes)).map(
        (event) => `${event.code}${event.state ?? ''}`
      )
    assert.deepEqual(codes({ harshBraking: true }), ['A102'])
    assert.deepEqual(codes({ harshAcceleration: true }), ['A101'])
    assert.deepEqual(codes({ ignition: true }), ['100A'])
  })
})
