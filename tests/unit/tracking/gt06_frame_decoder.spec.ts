import { test } from '@japa/runner'
import { FrameGarbageError } from '#tracking/protocols/frame_garbage_error'
import { Gt06FrameDecoder } from '#tracking/protocols/gt06/gt06_frame_decoder'
import { bytes, chunked, vector, vectorsOf } from './helpers/vectors.js'

/** Every well-framed GT06 vector (the one with a wrong length field is tested on its own). */
const frames = vectorsOf('gt06')
  .filter((candidate) => candidate.derived?.length_consistent !== false)
  .map((candidate) => bytes(candidate))
const stream = Buffer.concat(frames)
const expectedHex = frames.map((frame) => frame.toString('hex'))

function feed(decoder: Gt06FrameDecoder, chunks: Buffer[]): string[] {
  return chunks.flatMap((chunk) => decoder.push(chunk)).map((frame) => frame.toString('hex'))
}

test.group('GT06 frame decoder | splitting', () => {
  test('all frames glued in one chunk (0x7878 and 0x7979 forms)', ({ assert }) => {
    const decoder = new Gt06FrameDecoder()
    assert.deepEqual(feed(decoder, [stream]), expectedHex)
    assert.equal(decoder.pendingBytes, 0)
  })

  test('fed one byte at a time', ({ assert }) => {
    const decoder = new Gt06FrameDecoder()
    assert.deepEqual(feed(decoder, chunked(stream, [1])), expectedHex)
    assert.equal(decoder.pendingBytes, 0)
  })

  test('fed in uneven chunks', ({ assert }) => {
    for (const sizes of [[2], [3, 5], [7, 1, 19], [100]]) {
      assert.deepEqual(feed(new Gt06FrameDecoder(), chunked(stream, sizes)), expectedHex)
    }
  })

  test('a frame whose length field is wrong is cut at its 0D 0A (gt06-traccar-65)', ({
    assert,
  }) => {
    const short = bytes(vector('gt06-traccar-65'))
    const next = bytes(vector('gt06-traccar-11'))
    const login = bytes(vector('gt06-traccar-02'))
    const decoder = new Gt06FrameDecoder()
    assert.deepEqual(feed(decoder, chunked(Buffer.concat([login, short, next]), [1])), [
      login.toString('hex'),
      short.toString('hex'),
      next.toString('hex'),
    ])
  })

  test('noise between frames is skipped and counted', ({ assert }) => {
    const login = bytes(vector('gt06-traccar-02'))
    const heartbeat = bytes(vector('gt06-traccar-11'))
    const noise = Buffer.from('00ff12', 'hex')
    const decoder = new Gt06FrameDecoder()
    assert.deepEqual(feed(decoder, [Buffer.concat([login, noise, heartbeat])]), [
      login.toString('hex'),
      heartbeat.toString('hex'),
    ])
    assert.equal(decoder.skippedBytes, noise.length)
  })

  test('a false start at the end of the noise does not swallow the next frames', ({ assert }) => {
    const login = bytes(vector('gt06-traccar-02'))
    const later = frames.slice(1, 8)
    const decoder = new Gt06FrameDecoder()
    const output = feed(
      decoder,
      chunked(Buffer.concat([login, Buffer.from('78', 'hex'), ...later]), [1])
    )
    assert.deepEqual(
      output,
      [login, ...later].map((frame) => frame.toString('hex'))
    )
    assert.equal(decoder.skippedBytes, 1)
  })

  test('a declared length below the minimum is noise once synced', ({ assert }) => {
    const login = bytes(vector('gt06-traccar-02'))
    const heartbeat = bytes(vector('gt06-traccar-11'))
    const decoder = new Gt06FrameDecoder()
    const output = feed(decoder, [Buffer.concat([login, Buffer.from('787802', 'hex'), heartbeat])])
    assert.deepEqual(output, [login.toString('hex'), heartbeat.toString('hex')])
  })
})

test.group('GT06 frame decoder | garbage', () => {
  test('a stream that does not start with a frame', ({ assert }) => {
    const decoder = new Gt06FrameDecoder()
    assert.throws(
      () => decoder.push(Buffer.from('GET / HTTP/1.1\r\n', 'latin1')),
      FrameGarbageError
    )
    assert.throws(() => decoder.push(bytes(vector('gt06-traccar-02'))), FrameGarbageError)
  })

  test('a first frame declaring a length below the minimum', ({ assert }) => {
    assert.throws(
      () => new Gt06FrameDecoder().push(Buffer.from('787801', 'hex')),
      FrameGarbageError
    )
  })

  test('an absurd 0x7979 length', ({ assert }) => {
    const decoder = new Gt06FrameDecoder()
    assert.throws(() => decoder.push(Buffer.from('7979ffff', 'hex')), FrameGarbageError)
  })

  test('too much noise after a valid frame', ({ assert }) => {
    const decoder = new Gt06FrameDecoder({ maxGarbageBytes: 16 })
    decoder.push(bytes(vector('gt06-traccar-02')))
    assert.throws(() => decoder.push(Buffer.alloc(17, 0x55)), FrameGarbageError)
  })

  test('noise below the limit is tolerated across chunks', ({ assert }) => {
    const decoder = new Gt06FrameDecoder({ maxGarbageBytes: 16 })
    decoder.push(bytes(vector('gt06-traccar-02')))
    assert.deepEqual(decoder.push(Buffer.alloc(10, 0x55)), [])
    const heartbeat = bytes(vector('gt06-traccar-11'))
    assert.deepEqual(
      decoder.push(heartbeat).map((frame) => frame.toString('hex')),
      [heartbeat.toString('hex')]
    )
  })
})
