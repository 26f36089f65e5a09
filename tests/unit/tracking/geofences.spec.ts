import { test } from '@japa/runner'
import { contains, pointInPolygon, type LatLon } from '#tracking/geofences/geometry'
import { CompanyZones } from '#tracking/geofences/zone_index'
import { createEnricher, defaultHandlers, type DeviceContext } from '#tracking/pipeline/enrich'
import { geofenceHandler } from '#tracking/pipeline/handlers/geofences'
import { initialLiveState } from '#tracking/pipeline/live_state'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'
import type { Position } from '#tracking/position'

// An L shape: a concave polygon, where a bounding box alone would be wrong.
const ell: LatLon[] = [
  [41.0, 29.0],
  [41.0, 29.02],
  [41.01, 29.02],
  [41.01, 29.01],
  [41.02, 29.01],
  [41.02, 29.0],
]

test.group('Geofence geometry', () => {
  test('point in a concave polygon', ({ assert }) => {
    assert.isTrue(pointInPolygon(41.005, 29.015, ell))
    assert.isTrue(pointInPolygon(41.015, 29.005, ell))
    assert.isFalse(pointInPolygon(41.015, 29.015, ell), 'the notch of the L')
    assert.isFalse(pointInPolygon(40.999, 29.005, ell))
  })

  test('point in a circle, by distance on the earth', ({ assert }) => {
    const circle = { type: 'circle' as const, center: [41.0, 29.0] as LatLon, radius: 500 }
    assert.isTrue(contains(circle, 41.0044, 29.0)) // about 490 m north
    assert.isFalse(contains(circle, 41.0046, 29.0)) // about 512 m north
  })

  test('the grid index finds zones across cell borders, and only the vehicle’s', ({ assert }) => {
    const zones = new CompanyZones([
      // Straddles the 0.05° cell border at 41.05.
      {
        id: 1,
        name: 'Border',
        shape: { type: 'circle', center: [41.05, 29.0], radius: 300 },
        deviceIds: null,
      },
      { id: 2, name: 'Only 7', shape: { type: 'polygon', points: ell }, deviceIds: new Set([7]) },
      // Wider than the index's cell budget: checked for every position.
      {
        id: 3,
        name: 'Country',
        shape: {
          type: 'polygon',
          points: [
            [36, 26],
            [36, 45],
            [42, 45],
            [42, 26],
          ],
        },
        deviceIds: null,
      },
    ])
    assert.sameMembers(zones.inside(1, 41.0499, 29.0), [1, 3])
    assert.sameMembers(zones.inside(1, 41.0501, 29.0), [1, 3])
    assert.sameMembers(zones.inside(1, 41.005, 29.015), [3])
    assert.sameMembers(zones.inside(7, 41.005, 29.015), [2, 3])
    assert.deepEqual(zones.inside(7, 50, 10), [])
    assert.isFalse(zones.applies(2, 1))
    assert.isTrue(zones.applies(2, 7))
  })
})

test.group('Geofence handler', () => {
  const device: DeviceContext = {
    id: 7,
    companyId: 1,
    imei: '1',
    protocol: 'osmand',
    speedLimit: null,
    settings: DEFAULT_TRACKING_SETTINGS,
  }
  const fix = (minute: number, latitude: number, valid = true): Position => ({
    imei: '1',
    fixTime: new Date(Date.UTC(2026, 0, 1, 8, minute)),
    latitude,
    longitude: 29.005,
    speed: 30,
    course: 0,
    altitude: 0,
    satellites: 8,
    valid,
    attributes: {},
  })

  test('enter and exit within one frame make one closed visit; an invalid fix changes nothing', ({
    assert,
  }) => {
    const zones = new CompanyZones([
      { id: 2, name: 'Yard', shape: { type: 'polygon', points: ell }, deviceIds: null },
    ])
    const enrich = createEnricher([...defaultHandlers(), geofenceHandler(() => zones)])
    const result = enrich(
      device,
      { ...initialLiveState(), online: true },
      [fix(0, 40.99), fix(1, 41.005), fix(2, 40.9, false), fix(3, 41.03)],
      new Date(Date.UTC(2026, 0, 1, 8, 4))
    )
    assert.deepEqual(
      result.events.map((event) => event.code),
      ['GEOFENCE_ENTER', 'GEOFENCE_EXIT']
    )
    assert.deepEqual(result.visits, [
      {
        geofenceId: 2,
        enterTime: new Date(Date.UTC(2026, 0, 1, 8, 1)),
        exitTime: new Date(Date.UTC(2026, 0, 1, 8, 3)),
      },
    ])
    assert.deepEqual(result.visitExits, [])
    assert.deepEqual(result.state.geofences, [])
  })

  test('a stay begun in an earlier frame is closed by an exit row; a deleted zone is forgotten', ({
    assert,
  }) => {
    let zones = new CompanyZones([
      { id: 2, name: 'Yard', shape: { type: 'polygon', points: ell }, deviceIds: null },
    ])
    const enrich = createEnricher([...defaultHandlers(), geofenceHandler(() => zones)])
    const at = new Date(Date.UTC(2026, 0, 1, 9))
    const first = enrich(device, { ...initialLiveState(), online: true }, [fix(0, 41.005)], at)
    assert.deepEqual(first.state.geofences, [2])
    const second = enrich(device, first.state, [fix(1, 41.03)], at)
    assert.deepEqual(second.visitExits, [
      { geofenceId: 2, exitTime: new Date(Date.UTC(2026, 0, 1, 8, 1)) },
    ])

    const inside = enrich(device, second.state, [fix(2, 41.005)], at)
    zones = new CompanyZones([])
    const gone = enrich(device, inside.state, [fix(3, 41.03)], at)
    assert.deepEqual(gone.events, [])
    assert.deepEqual(gone.state.geofences, [])
  })
})
