import type { Position, PositionAttributes } from '../../position.js'
import type { DeviceContext, Enriched } from '../enrich.js'
import type { LiveState } from '../live_state.js'

/** One frame of one device as it goes through the chain. */
export interface FrameContext {
  device: DeviceContext
  /** The live state before the frame (read-only). */
  previous: LiveState
  /** The live state being built; handlers change it in place. */
  state: LiveState
  result: Enriched
  receivedAt: Date
}

/** One live position of the frame (late and far-future fixes never reach handlers). */
export interface PositionContext extends FrameContext {
  position: Position
  /** Fix time in ms. */
  time: number
  /** The attributes stored with this position (handlers add odometer, distance...). */
  attributes: PositionAttributes
  /** The device's attributes before this position. */
  before: PositionAttributes
  /** Attributes after this position (`before` with `attributes` over it), set by `merge`. */
  merged: PositionAttributes
  /** Metres from the previous live fix (0 when either is invalid), set by `odometer`. */
  moved: number
  /**
   * The fix was judged implausible by `plausibility` (which then hands the next handlers a copy
   * of the position marked invalid; the stored row keeps the raw one).
   */
  implausibleFix?: boolean
}

/** A position older than the live one (or far ahead of the clock): stored, moves nothing. */
export interface LatePositionContext extends FrameContext {
  position: Position
  /** The attributes stored with this position. */
  attributes: PositionAttributes
}

/**
 * A small step of the enrichment. Handlers run in the chain's order: `frame` once per
 * frame before its positions, `position` for every position that moves the live state.
 * A new capability is one more handler in `defaultHandlers()` (or the listener's chain).
 */
export interface PipelineHandler {
  readonly name: string
  frame?(context: FrameContext): void
  position?(context: PositionContext): void
  /** For a position that reaches no `position` handler (late or far ahead): what it stores. */
  late?(context: LatePositionContext): void
}
