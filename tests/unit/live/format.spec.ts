import { test } from '@japa/runner'
import {
  compassPoint,
  formatCalendarDate,
  formatDateTime,
  formatDistance,
  formatDuration,
  formatRelative,
  formatCoordinates,
  formatSpeed,
  protocolName,
} from '../../../inertia/lib/format.js'

test.group('Live formatters', () => {
  test('dates in the user time zone and date format', ({ assert }) => {
    const instant = '2026-11-21T21:30:05.000Z'
    assert.equal(
      formatDateTime(instant, { timezone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy' }),
      '22.11.2026 00:30'
    )
    assert.equal(
      formatDateTime(
        instant,
        { timezone: 'Europe/London', dateFormat: 'MM/dd/yyyy' },
        { seconds: true }
      ),
      '11/21/2026 21:30:05'
    )
    assert.equal(
      formatCalendarDate('2026-03-09', { timezone: 'UTC', dateFormat: 'yyyy-MM-dd' }),
      '2026-03-09'
    )
  })

  test('speed, distance and duration in both languages', ({ assert }) => {
    assert.equal(formatSpeed(54.6, 'en'), '55 km/h')
    // The same word as the tables' column labels: "Hız (km/sa)".
    assert.equal(formatSpeed(54.6, 'tr'), '55 km/sa')
    assert.equal(formatDistance(850, 'en'), '850 m')
    assert.equal(formatDistance(12_440, 'en'), '12.4 km')
    assert.equal(formatDistance(12_440, 'tr'), '12,4 km')
    assert.equal(formatDistance(1_204_000, 'en'), '1,204 km')
    assert.equal(formatDuration(42, 'en'), '42 s')
    assert.equal(formatDuration(45 * 60, 'en'), '45 min')
    assert.equal(formatDuration(2 * 3600 + 5 * 60, 'en'), '2 h 05 min')
    assert.equal(formatDuration(2 * 3600 + 5 * 60, 'tr'), '2 sa 05 dk')
    assert.equal(formatDuration(50 * 3600, 'tr'), '2 g 2 sa')
  })

  test('relative times and compass points', ({ assert }) => {
    const now = Date.parse('2026-11-21T12:00:00Z')
    assert.equal(formatRelative('2026-11-21T11:57:00Z', 'en', now), '3 minutes ago')
    assert.equal(formatRelative('2026-11-21T11:57:00Z', 'tr', now), '3 dakika önce')
    assert.equal(formatRelative('2026-11-21T12:00:20Z', 'en', now), 'now')
    assert.equal(compassPoint(92, 'en'), 'E')
    assert.equal(compassPoint(225, 'tr'), 'GB')
    assert.equal(compassPoint(359, 'en'), 'N')
  })

  test('protocols are written one way, coordinates to 6 decimals', ({ assert }) => {
    assert.equal(protocolName('teltonika'), 'Teltonika')
    assert.equal(protocolName('gt06'), 'GT06')
    assert.equal(protocolName('osmand'), 'OsmAnd')
    assert.equal(formatCoordinates(41.01234567, 28.9), '41.012346, 28.900000')
  })
})
