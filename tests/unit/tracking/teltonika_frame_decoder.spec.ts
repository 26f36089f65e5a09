import { test } from '@japa/runner'
import { FrameGarbageError } from '#tracking/protocols/frame_garbage_error'
import {
  TeltonikaFrameDecoder,
  type TeltonikaFrame,
} from '#tracking/protocols/teltonika/teltonika_frame_decoder'
import { bytes, chunked, vector, vectorsOf } from './helpers/vectors.js'

const login = bytes(vector('teltonika-doc-imei'))
const avlFrames = vectorsOf('teltonika')
  .filter(
    (candidate) => candidate.hex && !candidate.hex.startsWith('000f') && candidate.hex !== 'ff'
  )
  .map((candidate) => bytes(candidate))
const KEEPALIVE = Buffer.from([0xff])

/** Login, then every AVL vector with a keep-alive byte after every third one. */
const stream = Buffer.concat([
  login,
  ...avlFrames.flatMap((frame, index) => (index % 3 === 2 ? [frame, KEEPALIVE] : [frame])),
])
const expectedKinds = [
  'login',
  ...avlFrames.flatMap((_, index) => (index % 3 === 2 ? ['avl', 'keepalive'] : ['avl'])),
]

function feed(decoder: TeltonikaFrameDecoder, chunks: Buffer[]): TeltonikaFrame[] {
  return chunks.flatMap((chunk) => decoder.push(chunk))
}

function framesAsHex(frames: TeltonikaFrame[]): string[] {
  return frames.map((frame) => (frame.kind === 'keepalive' ? 'ff' : frame.data.toString('hex')))
}

const expectedHex = [
  login.toString('hex'),
  ...avlFrames.flatMap((frame, index) =>
    index % 3 === 2 ? [frame.toString('hex'), 'ff'] : [frame.toString('hex')]
  ),
]

test.group('Teltonika frame decoder | splitting', () => {
  test('all frames glued in one chunk', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder()
    const frames = decoder.push(stream)
    assert.deepEqual(
      frames.map((frame) => frame.kind),
      expectedKinds
    )
    assert.deepEqual(framesAsHex(frames), expectedHex)
    assert.equal(decoder.pendingBytes, 0)
  })

  test('fed one byte at a time', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder()
    const frames = feed(decoder, chunked(stream, [1]))
    assert.deepEqual(framesAsHex(frames), expectedHex)
    assert.equal(decoder.pendingBytes, 0)
  })

  test('fed in uneven chunks that cut headers and bodies', ({ assert }) => {
    for (const sizes of [[2], [3, 7], [5, 1, 13], [64], [1000, 1]]) {
      const decoder = new TeltonikaFrameDecoder()
      assert.deepEqual(framesAsHex(feed(decoder, chunked(stream, sizes))), expectedHex)
    }
  })

  test('a partial frame stays pending until its last byte', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder({ expectLogin: false })
    const frame = avlFrames[0]
    assert.deepEqual(decoder.push(frame.subarray(0, frame.length - 1)), [])
    assert.equal(decoder.pendingBytes, frame.length - 1)
    const frames = decoder.push(frame.subarray(frame.length - 1))
    assert.deepEqual(framesAsHex(frames), [frame.toString('hex')])
  })

  test('keep-alive bytes alone', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder({ expectLogin: false })
    assert.deepEqual(decoder.push(bytes(vector('teltonika-traccar-44'))), [{ kind: 'keepalive' }])
  })
})

test.group('Teltonika frame decoder | garbage', () => {
  const cases: Array<[string, Buffer, boolean]> = [
    ['IMEI length 0', Buffer.from('0000', 'hex'), true],
    ['IMEI length 14', Buffer.from('000e', 'hex'), true],
    ['IMEI length 18', Buffer.from('0012', 'hex'), true],
    ['absurd IMEI length (HTTP request)', Buffer.from('GET / HTTP/1.1\r\n', 'latin1'), true],
    ['bad AVL preamble', Buffer.from('00000001', 'hex'), false],
    ['bad first AVL byte', Buffer.from('12', 'hex'), false],
    ['AVL data length below the minimum', Buffer.from('0000000000000002', 'hex'), false],
    ['AVL data length 0xFFFFFFFF', Buffer.from('00000000ffffffff', 'hex'), false],
    ['AVL frame just over 64 KiB', Buffer.from('000000000000fff5', 'hex'), false],
  ]
  for (const [name, data, atLogin] of cases) {
    test(name, ({ assert }) => {
      const decoder = new TeltonikaFrameDecoder({ expectLogin: atLogin })
      assert.throws(() => decoder.push(data), FrameGarbageError)
      assert.throws(() => decoder.push(Buffer.from([0xff])), FrameGarbageError)
    })
  }

  test('the largest allowed AVL frame is still waited for', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder({ expectLogin: false })
    assert.deepEqual(decoder.push(Buffer.from('000000000000fff4', 'hex')), [])
  })

  test('garbage after a valid login', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder()
    assert.throws(() => decoder.push(Buffer.concat([login, Buffer.from('abcdef', 'hex')])))
  })

  test('a configured smaller limit applies', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder({ expectLogin: false, maxFrameLength: 64 })
    assert.throws(
      () => decoder.push(avlFrames.find((frame) => frame.length > 64)!),
      FrameGarbageError
    )
  })

  test('reset accepts a new connection', ({ assert }) => {
    const decoder = new TeltonikaFrameDecoder()
    assert.throws(() => decoder.push(Buffer.from('0000', 'hex')))
    decoder.reset()
    assert.deepEqual(
      decoder.push(login).map((frame) => frame.kind),
      ['login']
    )
  })
})
