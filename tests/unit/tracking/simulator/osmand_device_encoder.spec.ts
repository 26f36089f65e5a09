import { test } from '@japa/runner'
import { decodeOsmAndRequest } from '#tracking/protocols/osmand/osmand_decoder'
import { encodeOsmAndQuery } from '#tracking/simulator/device_encoders'
import { sampleFix } from './helpers.js'

test.group('Simulator: OsmAnd device encoder', () => {
  test('the query-string report round-trips through the server decoder', ({ assert }) => {
    const fix = sampleFix({ speed: 63, course: 181, altitude: 12 })
    const query = encodeOsmAndQuery('860000000000789', fix)
    const decoded = decodeOsmAndRequest('POST', new URLSearchParams(query))
    assert.isTrue(decoded.ok)
    if (!decoded.ok) return
    const { position } = decoded
    assert.equal(position.imei, '860000000000789')
    assert.equal(position.fixTime.getTime(), Math.floor(fix.time.getTime() / 1000) * 1000)
    assert.closeTo(position.latitude, fix.latitude, 1e-6)
    assert.closeTo(position.longitude, fix.longitude, 1e-6)
    assert.closeTo(position.speed, fix.speed, 0.01)
    assert.equal(position.course, 181)
    assert.equal(position.altitude, 12)
    assert.isTrue(position.valid)
    assert.equal(position.attributes.batteryLevel, 100)
    assert.equal(position.attributes.charging, true)
    assert.equal(position.attributes.accuracy, 5)
  })
})
