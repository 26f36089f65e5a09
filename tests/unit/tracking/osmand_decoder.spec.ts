import { test } from '@japa/runner'
import { decodeOsmAndRequest, type OsmAndResult } from '#tracking/protocols/osmand/osmand_decoder'
import { vectorsOf, type ProtocolVector } from './helpers/vectors.js'

const RECEIVED_AT = new Date('2025-01-01T00:00:00Z')

function decodeVector(candidate: ProtocolVector): OsmAndResult {
  const http = candidate.http!
  const url = new URL(http.path, 'http://tracker.local')
  const contentType = http.headers?.['Content-Type'] ?? null
  return decodeOsmAndRequest(
    http.method,
    url.searchParams,
    contentType,
    http.body ?? null,
    RECEIVED_AT
  )
}

function query(path: string, method = 'GET') {
  return decodeOsmAndRequest(
    method,
    new URL(path, 'http://tracker.local').searchParams,
    null,
    null,
    RECEIVED_AT
  )
}

function json(body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return decodeOsmAndRequest(
    'POST',
    new URLSearchParams(),
    'application/json; charset=utf-8',
    text,
    RECEIVED_AT
  )
}

function positionOf(result: OsmAndResult) {
  if (!result.ok) throw new Error(result.reason)
  return result.position
}

test.group('OsmAnd decoder | vectors', () => {
  for (const candidate of vectorsOf('osmand')) {
    test(candidate.id, ({ assert }) => {
      const derived = candidate.derived ?? {}
      const result = decodeVector(candidate)
      assert.isTrue(result.ok)
      const position = positionOf(result)
      assert.equal(position.imei, derived.uniqueId)

      const expectedTime =
        typeof derived.fixTime === 'string' && derived.fixTime.startsWith('server')
          ? RECEIVED_AT
          : new Date(derived.fixTime)
      assert.equal(position.fixTime.toISOString(), expectedTime.toISOString())

      if (derived.no_coordinates) {
        assert.isTrue(result.ok && result.locationMissing)
        assert.isFalse(position.valid)
        assert.deepEqual(position.attributes.cell, derived.cell_towers)
        assert.deepEqual(position.attributes.wifi, derived.wifi_access_points)
        return
      }

      assert.closeTo(position.latitude, derived.latitude, 1e-9)
      assert.closeTo(position.longitude, derived.longitude, 1e-9)
      assert.isTrue(position.valid)
      if (derived.speed_knots !== undefined) {
        assert.closeTo(position.speed, (derived.speed_knots ?? 0) * 1.852, 1e-9)
      }
      if (derived.course !== undefined) assert.equal(position.course, derived.course ?? 0)
      if (derived.altitude !== undefined) assert.closeTo(position.altitude, derived.altitude, 1e-9)
      if (derived.motion !== undefined) assert.equal(position.attributes.motion, derived.motion)
      if (derived.event !== undefined) assert.equal(position.attributes.event, derived.event)
      if (derived.batteryLevel !== undefined) {
        assert.equal(position.attributes.batteryLevel, derived.batteryLevel ?? undefined)
      }
      for (const [key, value] of Object.entries(derived.other_params_become_attributes ?? {})) {
        assert.equal(position.attributes[key], value)
      }
    })
  }
})

test.group('OsmAnd decoder | query form', () => {
  test('speed is in knots, converted to km/h; bearing is the course', ({ assert }) => {
    const position = positionOf(
      query('/?id=42&lat=1.5&lon=-2.25&speed=10&bearing=90.5&altitude=12')
    )
    assert.closeTo(position.speed, 18.52, 1e-9)
    assert.equal(position.course, 90.5)
    assert.equal(position.altitude, 12)
    assert.equal(position.fixTime.getTime(), RECEIVED_AT.getTime())
  })

  test('timestamps: seconds, milliseconds, ISO and "yyyy-MM-dd HH:mm:ss" (UTC)', ({ assert }) => {
    const at = (timestamp: string) =>
      positionOf(
        query(`/?id=1&lat=0&lon=0&timestamp=${encodeURIComponent(timestamp)}`)
      ).fixTime.toISOString()
    assert.equal(at('1377177267'), '2013-08-22T13:14:27.000Z')
    assert.equal(at('1377177267123'), '2013-08-22T13:14:27.123Z')
    assert.equal(at('2025-06-15T13:45:12.862Z'), '2025-06-15T13:45:12.862Z')
    assert.equal(at('2025-06-15 13:45:12'), '2025-06-15T13:45:12.000Z')
  })

  test('batt, charge, accuracy, heading and extras', ({ assert }) => {
    const position = positionOf(
      query(
        '/?deviceid=abc&lat=10&lon=20&heading=45&batt=55.5&charge=true&accuracy=3.5&mode=eco&flag=false&count=7'
      )
    )
    assert.equal(position.imei, 'abc')
    assert.equal(position.course, 45)
    assert.include(position.attributes, {
      batteryLevel: 55.5,
      charging: true,
      accuracy: 3.5,
      mode: 'eco',
      flag: false,
      count: 7,
    })
  })

  test('valid=false is kept', ({ assert }) => {
    assert.isFalse(positionOf(query('/?id=1&lat=10&lon=20&valid=false')).valid)
  })

  test('POST form bodies are read too', ({ assert }) => {
    const result = decodeOsmAndRequest(
      'POST',
      new URLSearchParams('id=77'),
      'application/x-www-form-urlencoded',
      'lat=45.5&lon=9.25&speed=1',
      RECEIVED_AT
    )
    const position = positionOf(result)
    assert.equal(position.imei, '77')
    assert.equal(position.latitude, 45.5)
    assert.equal(position.longitude, 9.25)
  })

  test('a record of parameters works like URLSearchParams', ({ assert }) => {
    const result = decodeOsmAndRequest(
      'GET',
      { id: '5', lat: '1', lon: '2', cell: ['a', 'b'] },
      null,
      null,
      RECEIVED_AT
    )
    assert.deepEqual(positionOf(result).attributes.cell, ['a', 'b'])
  })

  const badQueries: Array<[string, string]> = [
    ['missing id', '/?lat=1&lon=2'],
    ['empty id', '/?id=%20&lat=1&lon=2'],
    ['id too long', `/?id=${'9'.repeat(129)}&lat=1&lon=2`],
    ['missing position', '/?id=1&timestamp=1377177267'],
    ['lat without lon', '/?id=1&lat=1'],
    ['lat not a number', '/?id=1&lat=abc&lon=2'],
    ['lat above 90', '/?id=1&lat=90.0001&lon=2'],
    ['lat below -90', '/?id=1&lat=-91&lon=2'],
    ['lon above 180', '/?id=1&lat=1&lon=180.5'],
    ['lon not finite', '/?id=1&lat=1&lon=Infinity'],
    ['location without comma', '/?id=1&location=60.0'],
    ['malformed timestamp', '/?id=1&lat=1&lon=2&timestamp=yesterday'],
    ['malformed speed', '/?id=1&lat=1&lon=2&speed=fast'],
    ['repeated id', '/?id=1&id=2&lat=1&lon=2'],
    ['repeated lat', '/?id=1&lat=1&lat=3&lon=2'],
    ['repeated timestamp', '/?id=1&lat=1&lon=2&timestamp=1377177267&timestamp=1377177268'],
    ['id and deviceid', '/?id=1&deviceid=2&lat=1&lon=2'],
    ['lat/lon and location', '/?id=1&lat=1&lon=2&location=3,4'],
  ]
  for (const [name, path] of badQueries) {
    test(`400: ${name}`, ({ assert }) => {
      const result = query(path)
      assert.isFalse(result.ok)
      if (!result.ok) assert.equal(result.status, 400)
    })
  }

  test('boundary coordinates are accepted', ({ assert }) => {
    assert.isTrue(query('/?id=1&lat=-90&lon=180').ok)
    assert.isTrue(query('/?id=1&lat=90&lon=-180').ok)
  })
})

test.group('OsmAnd decoder | JSON form', () => {
  const body = {
    device_id: 'phone-1',
    location: {
      timestamp: '2025-06-15T13:45:12.862Z',
      coords: {
        latitude: 41.1,
        longitude: 29.2,
        speed: 10,
        heading: 270,
        altitude: 80,
        accuracy: 4,
      },
      is_moving: true,
      odometer: 1234.5,
      event: 'motionchange',
      battery: { level: 0.42, is_charging: true },
      activity: { type: 'in_vehicle' },
      extras: { trip: 'T1', nested: { ignored: true } },
    },
  }

  test('m/s speed to km/h, battery 0..1 to %, motion, odometer, extras', ({ assert }) => {
    const position = positionOf(json(body))
    assert.equal(position.imei, 'phone-1')
    assert.closeTo(position.speed, 36, 1e-9)
    assert.equal(position.course, 270)
    assert.equal(position.altitude, 80)
    assert.deepEqual(position.attributes, {
      accuracy: 4,
      motion: true,
      odometer: 1234.5,
      event: 'motionchange',
      batteryLevel: 42,
      charging: true,
      activity: 'in_vehicle',
      trip: 'T1',
    })
  })

  test('numeric device ids are accepted', ({ assert }) => {
    assert.equal(positionOf(json({ ...body, device_id: 658765 })).imei, '658765')
  })

  const badBodies: Array<[string, unknown]> = [
    ['malformed JSON', '{"device_id": '],
    ['JSON that is not an object', '[1, 2]'],
    ['missing device_id', { location: body.location }],
    ['missing location', { device_id: 'x' }],
    ['batched locations', { device_id: 'x', location: [body.location] }],
    ['missing coords', { device_id: 'x', location: { timestamp: body.location.timestamp } }],
    [
      'latitude as text',
      { device_id: 'x', location: { coords: { latitude: '41.1', longitude: 29.2 } } },
    ],
    [
      'latitude out of range',
      { device_id: 'x', location: { coords: { latitude: 91, longitude: 0 } } },
    ],
    [
      'longitude out of range',
      { device_id: 'x', location: { coords: { latitude: 0, longitude: -181 } } },
    ],
    [
      'malformed timestamp',
      { device_id: 'x', location: { timestamp: 'soon', coords: { latitude: 0, longitude: 0 } } },
    ],
  ]
  for (const [name, candidate] of badBodies) {
    test(`400: ${name}`, ({ assert }) => {
      const result = json(candidate)
      assert.isFalse(result.ok)
      if (!result.ok) assert.equal(result.status, 400)
    })
  }

  test('400: empty JSON body', ({ assert }) => {
    const result = decodeOsmAndRequest(
      'POST',
      new URLSearchParams(),
      'application/json',
      '',
      RECEIVED_AT
    )
    assert.isFalse(result.ok)
  })
})
