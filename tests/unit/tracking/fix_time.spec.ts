import { test } from '@japa/runner'
import { FixTimeGuard } from '#tracking/pipeline/fix_time'
import type { Position } from '#tracking/position'

const receivedAt = new Date(Date.UTC(2026, 10, 1, 9))

function at(time: Date, latitude = 41): Position {
  return {
    imei: '356307042441013',
    fixTime: time,
    latitude,
    longitude: 29,
    speed: 0,
    course: 0,
    altitude: 0,
    satellites: 5,
    valid: true,
    attributes: {},
  }
}

test.group('Fix times out of range', () => {
  test('each out-of-range record of a packet gets a distinct time, in packet order', ({
    assert,
  }) => {
    const guard = new FixTimeGuard()
    const packet = [
      at(new Date(Date.UTC(1980, 0, 6)), 41.1),
      at(new Date(Date.UTC(1999, 11, 31)), 41.2),
      at(new Date(Date.UTC(2031, 0, 1)), 41.3),
    ]
    const sane = guard.sanitize(1, packet, receivedAt)
    const times = sane.map((p) => p.fixTime.getTime())
    assert.lengthOf(new Set(times), 3)
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b)
    )
    assert.isTrue(times.every((time) => time >= receivedAt.getTime()))
    assert.isTrue(sane.every((p) => p.valid === false))
    assert.equal(sane[0].attributes.reportedFixTime, '1980-01-06T00:00:00.000Z')
    assert.equal(sane[2].attributes.reportedFixTime, '2031-01-01T00:00:00.000Z')
  })

  test('the next packet received in the same millisecond does not reuse a time', ({ assert }) => {
    const guard = new FixTimeGuard()
    const first = guard.sanitize(1, [at(new Date(0)), at(new Date(0))], receivedAt)
    const second = guard.sanitize(1, [at(new Date(0))], receivedAt)
    const times = [...first, ...second].map((p) => p.fixTime.getTime())
    assert.lengthOf(new Set(times), 3)
  })

  test('a substitute never takes the time of an in-range record of the same packet', ({
    assert,
  }) => {
    const guard = new FixTimeGuard()
    const sane = guard.sanitize(2, [at(new Date(0)), at(receivedAt)], receivedAt)
    assert.notEqual(sane[0].fixTime.getTime(), receivedAt.getTime())
    assert.equal(sane[1].fixTime.getTime(), receivedAt.getTime())
    assert.isTrue(sane[1].valid)
  })

  test('in-range records are left alone, a fix up to a day ahead included', ({ assert }) => {
    const guard = new FixTimeGuard()
    const packet = [
      at(new Date(Date.UTC(2026, 9, 1))),
      at(new Date(receivedAt.getTime() + 3 * 3600 * 1000)),
    ]
    assert.strictEqual(guard.sanitize(1, packet, receivedAt), packet)
  })
})
