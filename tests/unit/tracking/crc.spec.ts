import { test } from '@japa/runner'
import { crc16Arc, crc16X25 } from '#tracking/protocols/crc'

const CHECK_INPUT = Buffer.from('123456789', 'latin1')

test.group('CRC-16', () => {
  test('CRC-16/ARC check value of "123456789" is 0xBB3D', ({ assert }) => {
    assert.equal(crc16Arc(CHECK_INPUT), 0xbb3d)
  })

  test('CRC-16/X-25 check value of "123456789" is 0x906E', ({ assert }) => {
    assert.equal(crc16X25(CHECK_INPUT), 0x906e)
  })

  test('empty input gives the init value through the final xor', ({ assert }) => {
    assert.equal(crc16Arc(Buffer.alloc(0)), 0x0000)
    assert.equal(crc16X25(Buffer.alloc(0)), 0x0000)
  })

  test('start and end select a slice without copying', ({ assert }) => {
    const padded = Buffer.concat([Buffer.from([0xaa, 0xbb]), CHECK_INPUT, Buffer.from([0xcc])])
    assert.equal(crc16Arc(padded, 2, 11), 0xbb3d)
    assert.equal(crc16X25(padded, 2, 11), 0x906e)
  })

  test('GT06 reply CRC from the protocol notes: 05 12 04 59 -> 0x0A80', ({ assert }) => {
    assert.equal(crc16X25(Buffer.from('05120459', 'hex')), 0x0a80)
  })
})
