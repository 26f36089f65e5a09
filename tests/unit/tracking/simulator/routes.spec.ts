import { test } from '@japa/runner'
import { distanceMeters } from '#tracking/pipeline/geo'
import { PreparedRoute, ROUTES, bearingDegrees, routesOf } from '#tracking/simulator/routes'

const BOUNDS = {
  istanbul: { lat: [40.95, 41.15], lon: [28.85, 29.05] },
  tallinn: { lat: [59.37, 59.46], lon: [24.64, 24.87] },
}

test.group('Simulator routes', () => {
  test('a few closed loops per city, inside the city, on consecutive street points', ({
    assert,
  }) => {
    assert.isAtLeast(routesOf('istanbul').length, 3)
    assert.isAtLeast(routesOf('tallinn').length, 3)
    for (const route of ROUTES) {
      const { points } = route
      assert.isAtLeast(points.length, 17, route.id)
      assert.deepEqual(points[0], points[points.length - 1], `${route.id} is closed`)
      const bounds = BOUNDS[route.city]
      for (const [lat, lon] of points) {
        assert.isTrue(lat >= bounds.lat[0] && lat <= bounds.lat[1], `${route.id} lat ${lat}`)
        assert.isTrue(lon >= bounds.lon[0] && lon <= bounds.lon[1], `${route.id} lon ${lon}`)
      }
      for (let i = 1; i < points.length; i++) {
        const gap = distanceMeters(...points[i - 1], ...points[i])
        assert.isBelow(gap, 1500, `${route.id} gap before point ${i}`)
      }
      const length = new PreparedRoute(route).length
      assert.isAbove(length, 5000, route.id)
      assert.isBelow(length, 40_000, route.id)
    }
  })

  test('interpolates by distance along the loop and wraps round', ({ assert }) => {
    const route = new PreparedRoute(ROUTES[0])
    const [lat0, lon0] = route.route.points[0]
    const [lat1, lon1] = route.route.points[1]
    const start = route.at(0)
    assert.closeTo(start.latitude, lat0, 1e-9)
    assert.closeTo(start.longitude, lon0, 1e-9)
    const lap = route.at(route.length)
    assert.closeTo(lap.latitude, lat0, 1e-9)
    assert.closeTo(lap.longitude, lon0, 1e-9)

    const half = route.at(route.cumulative[1] / 2)
    assert.closeTo(half.latitude, (lat0 + lat1) / 2, 1e-9)
    assert.closeTo(half.longitude, (lon0 + lon1) / 2, 1e-9)
    assert.closeTo(half.course, bearingDegrees(lat0, lon0, lat1, lon1), 1e-9)

    const behind = route.at(-10)
    const ahead = route.at(route.length - 10)
    assert.closeTo(behind.latitude, ahead.latitude, 1e-9)
    assert.closeTo(distanceMeters(behind.latitude, behind.longitude, lat0, lon0), 10, 0.5)

    // Each point along the loop is that far from the start, measured along the streets.
    const third = route.cumulative[3]
    const atThird = route.at(third)
    assert.closeTo(atThird.latitude, route.route.points[3][0], 1e-9)
  })

  test('bearings: north 0, east 90, south 180, west 270', ({ assert }) => {
    assert.closeTo(bearingDegrees(59.43, 24.75, 59.44, 24.75), 0, 1e-6)
    assert.closeTo(bearingDegrees(41.0, 29.0, 41.0, 29.01), 90, 0.01)
    assert.closeTo(bearingDegrees(41.01, 29.0, 41.0, 29.0), 180, 1e-6)
    assert.closeTo(bearingDegrees(41.0, 29.01, 41.0, 29.0), 270, 0.01)
  })
})
