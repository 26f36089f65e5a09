import { test } from '@japa/runner'
import { localParts } from '#shared/date_format'

/** What Intl says the wall clock reads: the reference localParts must agree with. */
const formatters = new Map<string, Intl.DateTimeFormat>()
function intlParts(time: number, timezone: string) {
  const formatter =
    formatters.get(timezone) ??
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
  formatters.set(timezone, formatter)
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(new Date(time))) parts[part.type] = part.value
  const { year, month, day, hour, minute, second } = parts
  return { year, month, day, hour, minute, second }
}

const HOUR = 3_600_000

test.group('Wall-clock parts of an instant', () => {
  test('read as Intl reads them across daylight saving changes, odd offsets and old local times', ({
    assert,
  }) => {
    const zones = [
      'Europe/Istanbul',
      'UTC',
      'America/New_York',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Africa/Casablanca',
      'Europe/Amsterdam',
    ]
    const instants = [
      // Every 3 h 1.234 s through the 2026 changes (spring and autumn, both hemispheres).
      ...Array.from(
        { length: 500 },
        (_, index) => Date.UTC(2026, 2, 1) + index * (3 * HOUR + 1_234)
      ),
      ...Array.from(
        { length: 500 },
        (_, index) => Date.UTC(2026, 8, 20) + index * (3 * HOUR + 1_234)
      ),
      // Local mean times before standard time (offsets in seconds) and their change.
      ...Array.from(
        { length: 500 },
        (_, index) => Date.UTC(1880, 0, 1) + index * 131 * 24 * HOUR + index * 1_001
      ),
      // Years Intl writes without four digits, and the edges.
      Date.UTC(500, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59),
      -1,
      0,
    ]
    for (const timezone of zones) {
      for (const time of instants) {
        assert.deepEqual(
          localParts(time, timezone),
          intlParts(time, timezone),
          `${timezone} ${time}`
        )
      }
    }
  })

  test('take strings and dates as the instant they name', ({ assert }) => {
    assert.deepEqual(localParts('2026-03-29T00:30:00.000Z', 'Europe/Amsterdam'), {
      year: '2026',
      month: '03',
      day: '29',
      hour: '01',
      minute: '30',
      second: '00',
    })
    assert.deepEqual(localParts(new Date('2026-03-29T01:30:00.000Z'), 'Europe/Amsterdam'), {
      year: '2026',
      month: '03',
      day: '29',
      hour: '03',
      minute: '30',
      second: '00',
    })
  })
})
