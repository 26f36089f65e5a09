import { test } from '@japa/runner'
import type { EventRow } from '#tracking/events/event_rules'
import { GT06_EVENT_ROWS, gt06Events } from '#tracking/protocols/gt06/gt06_events'
import {
  TELTONIKA_EVENT_ROWS,
  teltonikaEvents,
} from '#tracking/protocols/teltonika/teltonika_events'
import type { NormalizedEvent, Position, PositionAttributes } from '#tracking/position'

const FIX_TIME = new Date('2025-03-01T10:00:00Z')

type EventsOf = (previous: PositionAttributes | undefined, position: Position) => NormalizedEvent[]

function positionWith(attributes: PositionAttributes): Position {
  return {
    imei: '123456789012345',
    fixTime: FIX_TIME,
    latitude: 41,
    longitude: 29,
    speed: 40,
    course: 90,
    altitude: 0,
    satellites: 9,
    valid: true,
    attributes,
  }
}

/** Attributes holding `value` where the row reads (key, or key[index]). */
function attributesFor(row: EventRow, value: unknown): PositionAttributes {
  return row.index === undefined ? { [row.key]: value } : { [row.key]: { [row.index]: value } }
}

function summary(events: NormalizedEvent[]): Array<[string, string | undefined]> {
  return events.map((event) => [event.code, event.state])
}

function tableTests(name: string, rows: readonly EventRow[], eventsOf: EventsOf) {
  test.group(`${name} event table`, () => {
    for (const row of rows) {
      if (row.kind === 'instant') {
        const value = row.equals ?? 1
        const label = `${row.code} from ${row.key}${row.index ?? ''}=${value}`
        test(`instant ${label}`, ({ assert }) => {
          const attributes = attributesFor(row, value)
          if (row.triggerIo !== undefined) attributes.eventIo = row.triggerIo
          const events = eventsOf(undefined, positionWith(attributes))
          assert.deepEqual(summary(events), [[row.code, row.state]])
          assert.equal(events[0].fixTime, FIX_TIME)
          assert.equal(Object.values(events[0].attributes ?? {})[0], value)
        })

        test(`instant ${label}: other values do not fire`, ({ assert }) => {
          const attributes = attributesFor(row, row.equals === undefined ? 0 : row.equals + 100)
          if (row.triggerIo !== undefined) attributes.eventIo = row.triggerIo
          assert.deepEqual(eventsOf(undefined, positionWith(attributes)), [])
        })

        if (row.triggerIo !== undefined) {
          test(`instant ${label}: periodic records (other eventIo) do not fire`, ({ assert }) => {
            const attributes = { ...attributesFor(row, value), eventIo: 0 }
            assert.deepEqual(eventsOf(undefined, positionWith(attributes)), [])
          })
        }
        continue
      }

      const label = `state ${row.code} from ${row.key}${row.index ?? ''}`
      test(`${label}: off -> on fires A, on -> off fires F`, ({ assert }) => {
        const on = attributesFor(row, true)
        const off = attributesFor(row, false)
        assert.deepEqual(summary(eventsOf(off, positionWith(on))), [[row.code, 'A']])
        assert.deepEqual(summary(eventsOf(on, positionWith(off))), [[row.code, 'F']])
      })

      test(`${label}: no change, no event`, ({ assert }) => {
        const on = attributesFor(row, true)
        const off = attributesFor(row, false)
        assert.deepEqual(eventsOf(on, positionWith(attributesFor(row, true))), [])
        assert.deepEqual(eventsOf(off, positionWith(attributesFor(row, false))), [])
      })

      test(`${label}: first sight fires A only when active`, ({ assert }) => {
        assert.deepEqual(summary(eventsOf(undefined, positionWith(attributesFor(row, true)))), [
          [row.code, 'A'],
        ])
        assert.deepEqual(eventsOf(undefined, positionWith(attributesFor(row, false))), [])
        assert.deepEqual(summary(eventsOf({}, positionWith(attributesFor(row, true)))), [
          [row.code, 'A'],
        ])
      })

      test(`${label}: absent from the position, no event`, ({ assert }) => {
        assert.deepEqual(eventsOf(attributesFor(row, true), positionWith({})), [])
      })
    }
  })
}

tableTests('Teltonika', TELTONIKA_EVENT_ROWS, teltonikaEvents)
tableTests('GT06', GT06_EVENT_ROWS, gt06Events)

test.group('Event tables | combined', () => {
  test('Teltonika: harsh braking record carries the green driving value', ({ assert }) => {
    const events = teltonikaEvents(
      { ignition: true },
      positionWith({ eventIo: 253, greenDrivingType: 2, greenDrivingValue: 35, ignition: true })
    )
    assert.deepEqual(events, [
      {
        code: 'A102',
        fixTime: FIX_TIME,
        attributes: { greenDrivingType: 2, greenDrivingValue: 35 },
      },
    ])
  })

  test('Teltonika: numeric states (unplug 0/1) change like booleans', ({ assert }) => {
    assert.deepEqual(summary(teltonikaEvents({ unplug: 0 }, positionWith({ unplug: 1 }))), [
      ['107', 'A'],
    ])
    assert.deepEqual(summary(teltonikaEvents({ unplug: 1 }, positionWith({ unplug: 0 }))), [
      ['107', 'F'],
    ])
  })

  test('GT06: the same alarm from the alarm byte and the status bits fires once', ({ assert }) => {
    const events = gt06Events(undefined, positionWith({ alarm: 0x03, statusAlarm: 1 }))
    assert.deepEqual(summary(events), [['A112', undefined]])
  })

  test('GT06: ignition and engine cut change together', ({ assert }) => {
    const events = gt06Events(
      { ignition: true, blocked: false },
      positionWith({ ignition: false, blocked: true })
    )
    assert.deepEqual(summary(events), [
      ['100', 'F'],
      ['106', 'A'],
    ])
  })
})
