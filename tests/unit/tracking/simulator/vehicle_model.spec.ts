import { test } from '@japa/runner'
import { distanceMeters } from '#tracking/pipeline/geo'
import type { DeviceFix } from '#tracking/simulator/device_fix'
import { routeFor } from '#tracking/simulator/fleet_identity'
import { seedFor } from '#tracking/simulator/prng'
import { VehicleModel, type PlannedPhase } from '#tracking/simulator/vehicle_model'

const START = new Date('2026-05-04T06:00:00.000Z')

function drive(k: number, seconds: number, step = 10, plan?: PlannedPhase[]): DeviceFix[] {
  const model = new VehicleModel({ seed: seedFor(7, k), route: routeFor(k), start: START, plan })
  const fixes: DeviceFix[] = []
  for (let elapsed = 0; elapsed < seconds; elapsed += step) fixes.push(...model.advance(step))
  return fixes
}

/** Runs of consecutive records matching `predicate`, as [first, last] index pairs. */
function runs(fixes: DeviceFix[], predicate: (fix: DeviceFix) => boolean): [number, number][] {
  const found: [number, number][] = []
  let start = -1
  fixes.forEach((fix, index) => {
    if (predicate(fix) && start < 0) start = index
    if (!predicate(fix) && start >= 0) {
      found.push([start, index - 1])
      start = -1
    }
  })
  if (start >= 0) found.push([start, fixes.length - 1])
  return found
}

test.group('Simulator: vehicle model', () => {
  test('is deterministic: the same seed drives the same way, another seed differently', ({
    assert,
  }) => {
    assert.deepEqual(drive(3, 3600), drive(3, 3600))
    assert.notDeepEqual(drive(3, 600), drive(5, 600))
  })

  test('a simulated hour has ignition cycles, stops, parking and harsh events', ({ assert }) => {
    const fleet = Array.from({ length: 8 }, (_, k) => drive(k, 3600))
    let harsh = 0
    for (const [k, fixes] of fleet.entries()) {
      const ignitionOn = runs(fixes, (fix) => fix.ignition)
      const ignitionOff = runs(fixes, (fix) => !fix.ignition)
      assert.isAtLeast(ignitionOn.length + ignitionOff.length, 2, `vehicle ${k} switches ignition`)
      // Standing with the engine on: lights and idling.
      const standing = runs(fixes, (fix) => fix.ignition && fix.speed === 0)
      assert.isAtLeast(standing.length, 1, `vehicle ${k} stops with the engine on`)
      // Parking: ignition off for at least 5 minutes (30 records of 10 s).
      const parked = ignitionOff.filter(([first, last]) => last - first >= 29)
      assert.isAtLeast(parked.length, 1, `vehicle ${k} parks`)
      for (const [first, last] of ignitionOff) {
        for (let i = first; i <= last; i++) assert.equal(fixes[i].speed, 0)
      }
      harsh += fixes.filter((fix) => fix.event?.kind === 'harsh').length
    }
    assert.isAtLeast(harsh, 1, 'harsh events happen')
    assert.isAtMost(harsh, 8 * 8, 'harsh events stay occasional')
  })

  test('values stay realistic', ({ assert }) => {
    for (let k = 0; k < 6; k++) {
      const fixes = drive(k, 3600)
      const avenue = routeFor(k).speedLimitKmh >= 70
      for (const [index, fix] of fixes.entries()) {
        assert.isAtLeast(fix.speed, 0)
        assert.isAtMost(fix.speed, 115)
        if (fix.speed > 85) assert.isTrue(avenue || fix.speed <= 110)
        assert.isTrue(fix.course >= 0 && fix.course < 360)
        assert.isTrue(fix.satellites >= 8 && fix.satellites <= 14)
        assert.isTrue(fix.gsmLevel >= 3 && fix.gsmLevel <= 5)
        const previous = fixes[index - 1]
        if (previous) {
          assert.isAtLeast(fix.odometer, previous.odometer)
          assert.isAbove(fix.time.getTime(), previous.time.getTime())
        }
        // Settled engine state: ~14.1 V running, ~12.6 V off.
        const settled = fixes.slice(Math.max(0, index - 3), index + 1)
        if (index >= 3 && settled.every((other) => other.ignition === fix.ignition)) {
          assert.closeTo(fix.power, fix.ignition ? 14.1 : 12.6, 0.15)
        }
      }
      const speeds = fixes.map((fix) => fix.speed).filter((speed) => speed > 0)
      const typical = speeds.filter((speed) => speed >= 15 && speed <= (avenue ? 82 : 62))
      assert.isAbove(typical.length / speeds.length, 0.6, `vehicle ${k} mostly cruises`)
    }
  })

  test('event records come at their own seconds, before the periodic one', ({ assert }) => {
    const model = new VehicleModel({ seed: 11, route: routeFor(0), start: START })
    let previous = START.getTime()
    for (let i = 0; i < 2000; i++) {
      const records = model.advance(10)
      const times = records.map((record) => record.time.getTime())
      assert.equal(times[times.length - 1], previous + 10_000)
      assert.deepEqual(
        [...times].sort((a, b) => a - b),
        times
      )
      assert.equal(new Set(times).size, times.length)
      assert.isAbove(times[0], previous)
      for (const record of records.slice(0, -1)) assert.isDefined(record.event)
      previous = times[times.length - 1]
    }
  })

  test('the odometer adds the distance driven', ({ assert }) => {
    const fixes = drive(2, 1800, 1)
    let travelled = 0
    for (let i = 1; i < fixes.length; i++) {
      const [a, b] = [fixes[i - 1], fixes[i]]
      travelled += distanceMeters(a.latitude, a.longitude, b.latitude, b.longitude)
    }
    const odometer = fixes[fixes.length - 1].odometer - fixes[0].odometer
    assert.isAbove(odometer, 1000)
    assert.closeTo(travelled, odometer, odometer * 0.02)
  })

  test('a planned cycle: parked, a drive of several km, parked again', ({ assert }) => {
    const plan: PlannedPhase[] = [
      { phase: 'parked', seconds: 120 },
      { phase: 'driving', seconds: 480 },
      { phase: 'parked', seconds: 420 },
    ]
    const fixes = drive(0, 1020, 5, plan)
    const at = (second: number) =>
      fixes.find((fix) => fix.time.getTime() === START.getTime() + second * 1000)!
    assert.isFalse(at(115).ignition)
    assert.equal(at(115).speed, 0)
    assert.isTrue(at(300).ignition)
    const driven = at(600).odometer - at(120).odometer
    assert.isAbove(driven, 2000)
    const moving = fixes.filter((fix) => fix.time > at(150).time && fix.time < at(590).time)
    assert.isAbove(moving.filter((fix) => fix.speed >= 5).length / moving.length, 0.7)
    const parkedAgain = fixes.filter((fix) => fix.time >= at(640).time && fix.time < at(1020).time)
    assert.isAbove(parkedAgain.length, 70)
    for (const fix of parkedAgain) {
      assert.equal(fix.speed, 0)
      assert.isFalse(fix.ignition)
    }
  })

  test('the engine-cut relay stops the vehicle and keeps it parked', ({ assert }) => {
    const model = new VehicleModel({
      seed: 5,
      route: routeFor(1),
      start: START,
      plan: [{ phase: 'driving', seconds: 3600 }],
    })
    model.advance(120)
    assert.equal(model.phase, 'driving')
    model.setRelay(true)
    model.advance(30)
    const stopped = model.fix()
    assert.equal(stopped.speed, 0)
    assert.isFalse(stopped.ignition)
    assert.isTrue(stopped.relay)
    for (let i = 0; i < 180; i++) assert.equal(model.advance(10).at(-1)!.speed, 0)
    model.setRelay(false)
    let drove = false
    for (let i = 0; i < 360 && !drove; i++) drove = model.advance(10).at(-1)!.speed > 0
    assert.isTrue(drove)
  })
})
