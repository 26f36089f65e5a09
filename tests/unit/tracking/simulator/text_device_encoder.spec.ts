import { test } from '@japa/runner'
import { decodeH02Frame } from '#tracking/protocols/h02/h02_decoder'
import { decodeGps103Frame } from '#tracking/protocols/gps103/gps103_decoder'
import { h02Events } from '#tracking/protocols/h02/h02_events'
import { gps103Events } from '#tracking/protocols/gps103/gps103_events'
import type { DeviceFix } from '#tracking/simulator/device_fix'
import {
  encodeGps103Location,
  encodeH02Location,
  nmeaCoordinate,
} from '#tracking/simulator/text_device_encoder'

const fix: DeviceFix = {
  time: new Date('2026-11-28T23:59:58Z'),
  latitude: 40.98765,
  longitude: -29.12345,
  speed: 87,
  course: 271,
  altitude: 112,
  satellites: 11,
  ignition: true,
  moving: true,
  odometer: 120_000,
  tripOdometer: 3000,
  power: 13.9,
  battery: 4.1,
  gsmLevel: 4,
  relay: false,
  cell: { mcc: 286, mnc: 1, lac: 1, cellId: 2 },
}

test.group('Simulated H02 and GPS103 devices', () => {
  test('an H02 location reads back as the fix it encodes', ({ assert }) => {
    const result = decodeH02Frame(encodeH02Location('353505221264507', fix), { now: new Date() })
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.equal(result.position.fixTime.toISOString(), fix.time.toISOString())
    assert.approximately(result.position.latitude, fix.latitude, 1e-5)
    assert.approximately(result.position.longitude, fix.longitude, 1e-5)
    assert.approximately(result.position.speed, fix.speed, 0.01)
    assert.equal(result.position.course, fix.course)
    assert.isTrue(result.position.attributes.ignition)
  })

  test('an overspeed record raises the H02 overspeed bit: 105 A', ({ assert }) => {
    const quiet = decodeH02Frame(encodeH02Location('1', fix), { now: new Date() })
    const fast = decodeH02Frame(encodeH02Location('1', { ...fix, event: { kind: 'overspeed' } }), {
      now: new Date(),
    })
    if (quiet.kind !== 'position' || fast.kind !== 'position') throw new Error('not positions')
    const codes = h02Events(quiet.position.attributes, fast.position).map(
      (event) => `${event.code}${event.state ?? ''}`
    )
    assert.deepEqual(codes, ['105A'])
  })

  test('a GPS103 report reads back as the fix, its ignition change as 100', ({ assert }) => {
    const off = { ...fix, ignition: false, event: { kind: 'ignition' as const } }
    const result = decodeGps103Frame(encodeGps103Location('359586015829802', off).subarray(0, -1), {
      now: new Date(),
    })
    assert.equal(result.kind, 'position')
    if (result.kind !== 'position') return
    assert.equal(result.position.fixTime.toISOString(), fix.time.toISOString())
    assert.approximately(result.position.latitude, fix.latitude, 1e-5)
    assert.approximately(result.position.longitude, fix.longitude, 1e-5)
    assert.equal(result.position.altitude, fix.altitude)
    assert.isFalse(result.position.attributes.ignition)
    const codes = gps103Events({ ignition: true }, result.position).map(
      (event) => `${event.code}${event.state ?? ''}`
    )
    assert.deepEqual(codes, ['100F'])
  })

  test('coordinates keep four decimals of minutes, rounding up into the next degree', ({
    assert,
  }) => {
    assert.deepEqual(nmeaCoordinate(41.5, 2, 'N', 'S'), ['4130.0000', 'N'])
    assert.deepEqual(nmeaCoordinate(-8.999999999, 3, 'E', 'W'), ['00900.0000', 'W'])
  })
})
