import { test } from '@japa/runner'
import { distanceMetres, nearestBuilding } from '#services/settings/buildings'

const depot = { id: 1, name: 'Tuzla depot', latitude: 40.8163, longitude: 29.3011 }
const office = { id: 2, name: 'Office', latitude: 40.8173, longitude: 29.3011 }

test.group('nearestBuilding', () => {
  test('the nearest building within the radius, else none', ({ assert }) => {
    assert.closeTo(distanceMetres(40.8163, 29.3011, 40.8173, 29.3011), 111.2, 0.5)
    assert.equal(nearestBuilding([depot, office], 40.8164, 29.3011)?.name, 'Tuzla depot')
    assert.equal(nearestBuilding([depot, office], 40.8172, 29.3011)?.name, 'Office')
    assert.isNull(nearestBuilding([depot, office], 40.83, 29.3011))
    assert.isNull(nearestBuilding([], 40.8163, 29.3011))
    assert.equal(nearestBuilding([depot], 40.8175, 29.3011, 200)?.name, 'Tuzla depot')
  })
})
