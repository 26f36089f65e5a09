import { test } from '@japa/runner'
import { LiveFleetStore } from '../../../inertia/components/map/live_fleet_store.js'
import type { MapVehicle } from '../../../inertia/components/map/types.js'
import type { LivePositionMessage } from '../../../app/tracking/live_channel.js'

function vehicle(id: number): MapVehicle {
  return {
    id,
    name: `Van ${id}`,
    plate: `34 VAN ${id}`,
    imei: `35000000000000${id}`,
    groupId: null,
    driver: null,
    lat: 41,
    lon: 29,
    speed: 0,
    course: 0,
    status: 'stopped',
    ignition: false,
    lastSeen: null,
  }
}

function moved(deviceId: number, latitude: number): LivePositionMessage {
  return {
    type: 'position',
    deviceId,
    fixTime: new Date().toISOString(),
    latitude,
    longitude: 29.01,
    speed: 42.4,
    course: 90,
    liveStatus: 'moving',
    online: true,
    ignition: true,
    odometer: 0,
  }
}

test.group('Live fleet store', () => {
  test('an update that arrives before the fleet is loaded is applied once it is', ({ assert }) => {
    const store = new LiveFleetStore()
    assert.isFalse(store.loaded)
    assert.isFalse(store.apply(moved(1, 41.2)))
    store.applyMany([moved(2, 41.3)])
    assert.equal(store.size, 0)

    store.reset([vehicle(1), vehicle(2), vehicle(3)])

    assert.isTrue(store.loaded)
    assert.deepInclude(store.get(1), { lat: 41.2, lon: 29.01, speed: 42, status: 'moving' })
    assert.deepInclude(store.get(2), { lat: 41.3, status: 'moving' })
    assert.deepInclude(store.get(3), { lat: 41, status: 'stopped' })
  })

  test('once loaded, updates apply at once and a reload keeps no old messages', ({ assert }) => {
    const store = new LiveFleetStore([vehicle(1)])
    assert.isTrue(store.loaded)
    assert.isTrue(store.apply(moved(1, 41.5)))
    assert.equal(store.get(1)?.lat, 41.5)
    store.reset([vehicle(1)])
    assert.equal(store.get(1)?.lat, 41)
  })
})
