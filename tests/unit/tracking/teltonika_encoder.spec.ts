import { test } from '@japa/runner'
import { decodeTeltonikaPacket } from '#tracking/protocols/teltonika/teltonika_decoder'
import {
  customCommandPayload,
  encodeAck,
  encodeCodec12Command,
  encodeEngineBlock,
  encodeEngineUnblock,
  encodeLoginReply,
} from '#tracking/protocols/teltonika/teltonika_encoder'
import { commandVectors } from './helpers/vectors.js'

function commandHex(id: string): string {
  return commandVectors.find((candidate) => candidate.id === id)!.hex
}

test.group('Teltonika encoder', () => {
  test('login reply is one byte', ({ assert }) => {
    assert.equal(encodeLoginReply(true).toString('hex'), '01')
    assert.equal(encodeLoginReply(false).toString('hex'), '00')
  })

  test('ack is the record count, 4 bytes big-endian', ({ assert }) => {
    assert.equal(encodeAck(1).toString('hex'), '00000001')
    assert.equal(encodeAck(2).toString('hex'), '00000002')
    assert.equal(encodeAck(255).toString('hex'), '000000ff')
  })

  test('teltonika-cmd-1: Codec 12 text command, byte for byte', ({ assert }) => {
    assert.equal(
      encodeCodec12Command('setdigout 11').toString('hex'),
      commandHex('teltonika-cmd-1')
    )
  })

  test('teltonika-cmd-2: Codec 12 binary command, byte for byte', ({ assert }) => {
    const payload = customCommandPayload('03030000000185E8')
    assert.instanceOf(payload, Buffer)
    assert.equal(encodeCodec12Command(payload).toString('hex'), commandHex('teltonika-cmd-2'))
  })

  test('custom text commands stay text', ({ assert }) => {
    assert.equal(customCommandPayload('setdigout 11'), 'setdigout 11')
    assert.equal(customCommandPayload('getver'), 'getver')
    assert.equal(customCommandPayload('abc'), 'abc')
  })

  test('engine block / unblock drive digital output 1', ({ assert }) => {
    // Expected bytes computed independently (Python) from the Codec 12 layout.
    assert.equal(
      encodeEngineBlock().toString('hex'),
      '00000000000000130c01050000000b7365746469676f7574203101000087a2'
    )
    assert.equal(
      encodeEngineUnblock().toString('hex'),
      '00000000000000130c01050000000b7365746469676f7574203001000017a3'
    )
  })

  test('commands pass the decoder checks (length and CRC)', ({ assert }) => {
    const packet = encodeEngineBlock()
    // The decoder only accepts responses (type 6); a command (type 5) fails past the CRC check.
    assert.deepEqual(decodeTeltonikaPacket(packet, '1'), {
      kind: 'invalid',
      reason: 'unexpected message type 0x5',
    })
  })
})
