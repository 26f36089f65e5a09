import type { EventState, NormalizedEvent, Position, PositionAttributes } from '../position.js'

/**
 * One row of a protocol's event table.
 *
 * - instant: a one-shot alarm. Fires when the attribute (`key`, or `key[index]`) is present
 *   and equals `equals` (or, without `equals`, is active: true / non-zero). With `triggerIo`
 *   it fires only on records the device generated for that IO event (Teltonika `eventIo`),
 *   so a value repeated in periodic records does not fire again.
 * - state: an A/F pair fired on change. Active means true / non-zero. With no previous value
 *   known (first position of a device, or an input never reported before) only 'A' fires,
 *   when the input is active: an inactive input is the default and says nothing new.
 */
export type EventRow =
  | {
      kind: 'instant'
      code: string
      key: string
      index?: number
      equals?: number
      triggerIo?: number
      state?: EventState
      /** Attributes copied into the event (besides the triggering one). */
      include?: readonly string[]
      note?: string
    }
  | { kind: 'state'; code: string; key: string; index?: number; note?: string }

function read(attributes: PositionAttributes, key: string, index?: number): unknown {
  const value = attributes[key]
  if (index === undefined) return value
  if (typeof value !== 'object' || value === null) return undefined
  return (value as Record<number, unknown>)[index]
}

function isActive(value: unknown): boolean {
  return value === true || (typeof value === 'number' && value !== 0)
}

function alreadyHas(events: NormalizedEvent[], code: string, state: EventState | undefined) {
  return events.some((event) => event.code === code && event.state === state)
}

function push(
  events: NormalizedEvent[],
  code: string,
  state: EventState | undefined,
  fixTime: Date,
  attributes: Record<string, unknown>
): void {
  if (alreadyHas(events, code, state)) return
  const event: NormalizedEvent = { code, fixTime, attributes }
  if (state) event.state = state
  events.push(event)
}

/** Evaluates a table against a position and the previous known attributes of its device. */
export function evaluateEventRows(
  rows: readonly EventRow[],
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  const events: NormalizedEvent[] = []
  const attributes = position.attributes
  for (const row of rows) {
    const current = read(attributes, row.key, row.index)
    if (current === undefined) continue
    const name = row.index === undefined ? row.key : `${row.key}${row.index}`

    if (row.kind === 'instant') {
      if (row.triggerIo !== undefined && attributes.eventIo !== row.triggerIo) continue
      const matches = row.equals === undefined ? isActive(current) : current === row.equals
      if (!matches) continue
      const details: Record<string, unknown> = { [name]: current }
      for (const key of row.include ?? []) {
        if (attributes[key] !== undefined) details[key] = attributes[key]
      }
      push(events, row.code, row.state, position.fixTime, details)
      continue
    }

    const active = isActive(current)
    const before = previous ? read(previous, row.key, row.index) : undefined
    if (before === undefined) {
      if (active) push(events, row.code, 'A', position.fixTime, { [name]: current })
    } else if (isActive(before) !== active) {
      push(events, row.code, active ? 'A' : 'F', position.fixTime, { [name]: current })
    }
  }
  return events
}
