import { test } from '@japa/runner'
import { decodeGt06Frame } from '#tracking/protocols/gt06/gt06_decoder'
import {
  encodeEngineBlock,
  encodeEngineUnblock,
  encodeGt06Ack,
  encodeGt06Command,
  encodeGt06Packet,
  encodeTimeResponse,
  legacyEngineCommand,
} from '#tracking/protocols/gt06/gt06_encoder'
import { commandVectors } from './helpers/vectors.js'

test.group('GT06 encoder', () => {
  test('ack from the protocol notes: protocol 0x12, serial 0x0459', ({ assert }) => {
    assert.equal(encodeGt06Ack(0x12, 0x0459).toString('hex'), '7878051204590a800d0a')
  })

  test('gt06-cmd-1: engine block is Relay,1# byte for byte', ({ assert }) => {
    const expected = commandVectors.find((candidate) => candidate.id === 'gt06-cmd-1')!.hex
    assert.equal(encodeEngineBlock().toString('hex'), expected)
    assert.equal(encodeGt06Command('Relay,1#').toString('hex'), expected)
  })

  test('engine unblock is Relay,0#', ({ assert }) => {
    // Expected bytes computed independently (Python) from the 0x80 layout.
    assert.equal(
      encodeEngineUnblock().toString('hex'),
      '787812800c0000000052656c61792c3023000081550d0a'
    )
  })

  test('server flag and serial are carried', ({ assert }) => {
    const packet = encodeGt06Command('WHERE#', { serverFlag: 0x01020304, serial: 0x0a0b })
    assert.equal(packet.subarray(5, 9).toString('hex'), '01020304')
    assert.equal(packet.readUInt16BE(packet.length - 6), 0x0a0b)
    assert.equal(decodeGt06Frame(packet).kind, 'unsupported')
  })

  test('legacy oil/electricity cut commands', ({ assert }) => {
    assert.equal(legacyEngineCommand(true), 'DYD,000000#')
    assert.equal(legacyEngineCommand(false, '123456'), 'HFYD,123456#')
  })

  test('time response carries the UTC time and echoes the serial', ({ assert }) => {
    const reply = encodeTimeResponse(new Date('2024-01-02T03:04:05Z'), 6)
    assert.equal(reply.toString('hex'), '78780b8a18010203040500068c330d0a')
  })

  test('long content switches to the 0x7979 form', ({ assert }) => {
    const packet = encodeGt06Packet(0x80, Buffer.alloc(300, 0x41), 1)
    assert.equal(packet.readUInt16BE(0), 0x7979)
    assert.equal(packet.readUInt16BE(2), 1 + 300 + 4)
    assert.equal(decodeGt06Frame(packet).kind, 'unsupported')
  })
})
