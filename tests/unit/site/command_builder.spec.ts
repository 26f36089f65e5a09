import { test } from '@japa/runner'
import { CommandInputError, buildCommand } from '#services/site/command_builder'
import { commandVectors } from '#tests/unit/tracking/helpers/vectors'

const vector = (id: string) => commandVectors.find((candidate) => candidate.id === id)!.hex

test.group('Command builder', () => {
  test("GT06 engine block is Traccar's Relay,1# packet byte for byte", ({ assert }) => {
    const command = buildCommand('gt06', 'engine_block')
    assert.equal(command.text, 'Relay,1#')
    assert.equal(command.hex, vector('gt06-cmd-1').toUpperCase())
    assert.equal(command.length, command.hex.length / 2)
  })

  test('Teltonika custom text goes out as a Codec 12 command (real frame)', ({ assert }) => {
    const command = buildCommand('teltonika', 'custom', '  setdigout 11 ')
    assert.equal(command.text, 'setdigout 11')
    assert.equal(command.hex, vector('teltonika-cmd-1').toUpperCase())
  })

  test('Teltonika hex digit pairs are sent as raw bytes (real frame)', ({ assert }) => {
    const command = buildCommand('teltonika', 'custom', '03030000000185E8')
    assert.equal(command.hex, vector('teltonika-cmd-2').toUpperCase())
  })

  test('engine block and unblock per protocol', ({ assert }) => {
    const block = buildCommand('teltonika', 'engine_block')
    const unblock = buildCommand('teltonika', 'engine_unblock')
    assert.equal(block.text, 'setdigout 1')
    assert.equal(unblock.text, 'setdigout 0')
    // Codec 12: preamble 0, data length, codec 0x0C, one command of type 0x05.
    assert.match(block.hex, /^00000000[0-9A-F]{8}0C0105/)
    assert.notEqual(block.hex, unblock.hex)
    const gt06 = buildCommand('gt06', 'engine_unblock')
    assert.equal(gt06.text, 'Relay,0#')
    assert.match(gt06.hex, /^7878[0-9A-F]{2}80/)
    assert.match(gt06.hex, /0D0A$/)
  })

  test('refuses empty, too long and non-ASCII custom commands', ({ assert }) => {
    const reason = (custom: string) => {
      try {
        buildCommand('gt06', 'custom', custom)
        return null
      } catch (error) {
        assert.instanceOf(error, CommandInputError)
        return (error as Error).message
      }
    }
    assert.equal(reason('   '), 'empty')
    assert.equal(reason('x'.repeat(201)), 'too_long')
    assert.equal(reason('Röle,1#'), 'not_ascii')
    assert.equal(reason('STATUS#'), null)
  })
})
