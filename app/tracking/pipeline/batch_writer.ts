import type { DetectedIdle, DetectedStop, DetectedTrip } from './trip_detector.js'
import type {
  DeviceContext,
  EventRow,
  GeofenceExitRow,
  GeofenceVisitRow,
  PositionRow,
} from './enrich.js'
import type { LiveState } from './live_state.js'
import { pgArrayLiteral } from './pg_array_literal.js'
import { BinaryCopyWriter } from './binary_copy.js'
import { idleRow, stopRow, tripDriverSql, tripRow } from './trip_rows.js'
import type { SensorRollup } from './sensor_rollup.js'
import { sensorRollupStatements } from './sensor_rollup_rows.js'
import { positionHoursOf, positionHoursStatement } from './position_hour_rows.js'
import {
  shiftLiveOdometer,
  shiftPositionOdometers,
  shiftTripOdometers,
  type OdometerShift,
} from './odometer_shift.js'

/** The part of a pg client the writer uses (a node-postgres Client or PoolClient). */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: any[] }>
  /**
   * A simple query holding `COPY ... FROM STDIN` statements, with each one's data in order;
   * its statements run as one transaction. Resolves with the rows copied.
   */
  copyFrom(sql: string, data: Buffer[]): Promise<number>
}

/** Connections for the writer; each has had `INGEST_SESSION_SETUP` run on it. */
export interface SqlPool {
  acquire(): Promise<SqlClient>
  release(client: SqlClient, failed: boolean): void
}

/** Everything one device's frame produced; committed atomically with the rest of a batch. */
export interface WriteUnit {
  device: DeviceContext
  positions: PositionRow[]
  events: EventRow[]
  state: LiveState | null
  trips: DetectedTrip[]
  stops: DetectedStop[]
  /** Engine-on standstills of at least the idle threshold that ended in this frame. */
  idles?: DetectedIdle[]
  visits?: GeofenceVisitRow[]
  visitExits?: GeofenceExitRow[]
  /** Fuel and temperature hours and fuel level events (upserted, merging). */
  sensors?: SensorRollup
}

interface Pending {
  unit: WriteUnit
  resolve: () => void
  reject: (error: unknown) => void
}

export interface BatchWriterOptions {
  /** Rows after which a batch is flushed at once. */
  maxRows?: number
  /** How long the first unit of an idle writer waits for company. */
  lingerMs?: number
  /** Batches committed at the same time (each on its own connection). */
  concurrency?: number
}

/**
 * Group commit for the ingest path. Units queue up while a batch is being committed;
 * the next batch takes all of them in one transaction (one multi-row statement per
 * table, through unnest), so the cost of a commit is shared by every device waiting.
 * `write()` resolves only after its rows are committed: the device is acknowledged
 * then, never before. A failed batch rejects all its units, and their devices are not
 * acknowledged, so they resend.
 */
export class BatchWriter {
  private queue: Pending[] = []
  private queuedRows = 0
  private inFlight = 0
  private timer: NodeJS.Timeout | null = null
  private readonly partitions = new Map<string, Promise<void>>()
  private readonly maxRows: number
  private readonly lingerMs: number
  private readonly concurrency: number
  committedPositions = 0

  constructor(
    private readonly pool: SqlPool,
    options: BatchWriterOptions = {}
  ) {
    this.maxRows = options.maxRows ?? 5000
    this.lingerMs = options.lingerMs ?? 2
    this.concurrency = Math.max(1, Math.round(options.concurrency ?? 2))
  }

  write(unit: WriteUnit): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ unit, resolve, reject })
      this.queuedRows += unit.positions.length + unit.events.length + 1
      this.schedule()
    })
  }

  /** Resolves when everything queued so far is committed (or failed). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  private schedule() {
    if (this.inFlight >= this.concurrency) return
    if (this.queuedRows >= this.maxRows) {
      this.flushNow()
    } else if (!this.timer && this.queue.length > 0) {
      this.timer = setTimeout(() => this.flushNow(), this.lingerMs)
    }
  }

  private flushNow() {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.queue.length === 0 || this.inFlight >= this.concurrency) return
    const batch: Pending[] = []
    let rows = 0
    while (this.queue.length > 0 && rows < this.maxRows) {
      const next = this.queue.shift()!
      rows += next.unit.positions.length + next.unit.events.length + 1
      batch.push(next)
    }
    this.queuedRows -= rows
    this.inFlight++
    this.commit(batch.map((pending) => pending.unit))
      .then(() => batch.forEach((pending) => pending.resolve()))
      .catch((error) => batch.forEach((pending) => pending.reject(error)))
      .finally(() => {
        this.inFlight--
        if (this.queue.length > 0) {
          if (this.queuedRows >= this.maxRows || this.lingerMs === 0) this.flushNow()
          else this.schedule()
        }
      })
    if (this.queue.length > 0) this.schedule()
  }

  /**
   * One batch is one transaction and one round trip: a simple query holding the odometer
   * generation check, the positions' and the live states' binary COPYs (their data sent with
   * it), then one statement for every other table (each insert a data-modifying CTE of a single
   * `WITH ... SELECT`, its columns inlined as array literals). COPY cannot skip a row already
   * stored, so a batch holding a resent position is rolled back and written again with its
   * positions going through a temporary table and `INSERT ... ON CONFLICT DO NOTHING`:
   * duplicates are ignored either way, and resends are rare enough that the fast path is the
   * usual one.
   *
   * The check (`generationCheck`) comes first: it locks the batch's devices against odometer
   * corrections until the commit, and fails the batch when one was corrected since its live
   * state was read. The batch then gets the corrections it missed (`catchUpCorrections`) and is
   * written again.
   */
  private async commit(units: WriteUnit[]) {
    await this.ensurePartitions(units)
    let client: SqlClient | null = null
    let failed = false
    try {
      for (let attempt = 1; ; attempt++) {
        const check = generationCheck(units)
        const positions = positionsCopy(units)
        const states = statesCopy(units)
        const others = otherStatements(units)
        if (!positions && !states && others.length === 0) return
        client ??= await this.pool.acquire()
        const copies = [positions, states].filter((copy): copy is CopyPart => copy !== null)
        try {
          const written = await runBatch(client, check, copies, others, positions !== null)
          if (!written) {
            const withoutDuplicates = [positionsSkippingStored(positions!), ...copies.slice(1)]
            await runBatch(client, check, withoutDuplicates, others, false)
          }
          break
        } catch (error) {
          if ((error as { code?: string }).code !== STALE_ODOMETER || attempt >= CATCH_UPS) {
            throw error
          }
          await catchUpCorrections(client, units)
        }
      }
      for (const unit of units) this.committedPositions += unit.positions.length
    } catch (error) {
      failed = true
      throw error
    } finally {
      if (client) this.pool.release(client, failed)
    }
  }

  private async ensurePartitions(units: WriteUnit[]) {
    const months = new Set<string>()
    for (const unit of units) {
      for (const position of unit.positions) {
        const time = position.fixTime
        months.add(`${time.getUTCFullYear()}-${time.getUTCMonth() + 1}`)
      }
    }
    await Promise.all([...months].map((month) => this.ensurePartition(month)))
  }

  private ensurePartition(month: string): Promise<void> {
    let created = this.partitions.get(month)
    if (!created) {
      created = this.createPartition(month).catch((error) => {
        this.partitions.delete(month)
        throw error
      })
      this.partitions.set(month, created)
    }
    return created
  }

  private async createPartition(month: string) {
    const [year, number] = month.split('-').map(Number)
    const from = new Date(Date.UTC(year, number - 1, 1)).toISOString()
    const to = new Date(Date.UTC(year, number, 1)).toISOString()
    const name = `positions_${year}_${String(number).padStart(2, '0')}`
    const client = await this.pool.acquire()
    let failed = false
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF positions FOR VALUES FROM ('${from}') TO ('${to}')`
      )
    } catch (error) {
      // Another process may have created it between our check and our CREATE.
      if (!/already exists/.test(String((error as Error).message))) {
        failed = true
        throw error
      }
    } finally {
      this.pool.release(client, failed)
    }
  }
}

/** SQLSTATE of `ingest_check_odometer_generations`: a device was corrected meanwhile. */
const STALE_ODOMETER = 'OD001'

/**
 * Writes of one batch: a correction can come between any two of them only while the batch is
 * not holding its devices, so a handful of attempts is plenty; past them the batch fails (its
 * devices are not acknowledged and resend).
 */
const CATCH_UPS = 5

/** The (device, odometer generation) of each live state in the batch. */
function generations(units: WriteUnit[]) {
  const pairs = new Map<string, { deviceId: number; generation: number }>()
  for (const unit of units) {
    if (!unit.state) continue
    const deviceId = unit.device.id
    const generation = unit.state.odometerGeneration ?? 0
    pairs.set(`${deviceId}:${generation}`, { deviceId, generation })
  }
  return [...pairs.values()]
}

/**
 * The batch's first statement: takes its devices FOR KEY SHARE until the commit (a correction
 * takes the device FOR UPDATE: it waits for this batch, whose rows its UPDATE then sees, or this
 * waits for it) and fails with STALE_ODOMETER when a device's odometer generation is not the
 * one its live state was read with. One statement per batch, in the batch's round trip. A
 * batch without live states (events only) writes no odometer and is not checked.
 */
function generationCheck(units: WriteUnit[]): string | null {
  const pairs = generations(units)
  if (pairs.length === 0) return null
  const ids = pairs.map((pair) => pair.deviceId).join(',')
  const numbers = pairs.map((pair) => pair.generation).join(',')
  return `SELECT ingest_check_odometer_generations('{${ids}}'::int[], '{${numbers}}'::int[])`
}

/**
 * The corrections a batch missed: each unit whose live state was read before a correction of
 * its device gets them, oldest first, as the correction applied them to what was stored: its
 * positions' and trips' odometers, its live state (odometer, trip detector, plausibility
 * offsets), and the generation it now includes. One query.
 */
async function catchUpCorrections(client: SqlClient, units: WriteUnit[]) {
  const pairs = generations(units)
  const { rows } = await client.query(
    `SELECT x.device_id, x.generation, d.odometer_generation AS current,
            c.effective_at, c.offset_m,
            (SELECT min(n.effective_at) FROM odometer_corrections n
              WHERE n.device_id = c.device_id AND n.generation < c.generation
                AND n.effective_at > c.effective_at) AS until
       FROM unnest($1::int[], $2::int[]) AS x(device_id, generation)
       JOIN devices d ON d.id = x.device_id
       LEFT JOIN odometer_corrections c ON c.device_id = x.device_id
        AND c.generation > x.generation AND c.generation <= d.odometer_generation
      WHERE d.odometer_generation <> x.generation
      ORDER BY x.device_id, x.generation, c.generation`,
    [
      pgArrayLiteral(pairs.map((pair) => pair.deviceId)),
      pgArrayLiteral(pairs.map((pair) => pair.generation)),
    ]
  )
  const missed = new Map<string, { current: number; shifts: OdometerShift[] }>()
  for (const row of rows) {
    const key = `${row.device_id}:${row.generation}`
    let entry = missed.get(key)
    if (!entry) missed.set(key, (entry = { current: Number(row.current), shifts: [] }))
    if (row.effective_at === null) continue
    entry.shifts.push({
      from: new Date(row.effective_at).getTime(),
      until: row.until === null ? null : new Date(row.until).getTime(),
      offset: Number(row.offset_m),
    })
  }
  for (const unit of units) {
    if (!unit.state) continue
    const entry = missed.get(`${unit.device.id}:${unit.state.odometerGeneration ?? 0}`)
    if (!entry) continue
    for (const shift of entry.shifts) {
      shiftPositionOdometers(unit.positions, shift)
      shiftTripOdometers(unit.trips, shift)
      // In place: the pipeline keeps this state object once the batch is committed.
      Object.assign(unit.state, shiftLiveOdometer(unit.state, shift))
    }
    unit.state.odometerGeneration = entry.current
  }
}

/**
 * Every statement of a batch but its positions', in the order they run. Built again for each
 * attempt, so the position hours hold the odometers `catchUpCorrections` shifted.
 */
function otherStatements(units: WriteUnit[]): Statement[] {
  return [
    eventsStatement(units),
    tripsStatement(units),
    stopsStatement(units),
    idlesStatement(units),
    visitsStatement(units),
    visitExitsStatement(units),
    ...sensorRollupStatements(units),
    positionHoursStatement(positionHoursOf(units)),
  ].filter((statement): statement is Statement => statement !== null)
}

function arrayLiteral(column: unknown[] | string): string {
  return typeof column === 'string' ? column : pgArrayLiteral(column)
}

const UNIQUE_VIOLATION = '23505'

/** One table's rows as binary COPY data, and the SQL that copies and places them. */
interface CopyPart {
  sql: string
  data: Buffer
}

/**
 * The check, the COPYs, then the statements, as one simple query (one implicit transaction).
 * With `positionsCopied`, false (nothing written) when a position was already stored.
 */
async function runBatch(
  client: SqlClient,
  check: string | null,
  copies: CopyPart[],
  statements: Statement[],
  positionsCopied: boolean
): Promise<boolean> {
  if (copies.length === 0) {
    // No live state, so nothing to check: events only.
    const { text, values } = combine(statements)
    await client.query(text, values.map(arrayLiteral))
    return true
  }
  const parts = [...(check ? [check] : []), ...copies.map((copy) => copy.sql)]
  if (statements.length > 0) parts.push(inlined(combine(statements)))
  try {
    await client.copyFrom(
      parts.join('; '),
      copies.map((copy) => copy.data)
    )
    return true
  } catch (error) {
    if (positionsCopied && (error as { code?: string }).code === UNIQUE_VIOLATION) return false
    throw error
  }
}

/** A statement with each placeholder replaced by its column's array literal, dollar-quoted. */
function inlined({ text, values }: { text: string; values: Statement['values'] }): string {
  return text.replace(/\$(\d+)/g, (_, n: string) =>
    dollarQuoted(arrayLiteral(values[Number(n) - 1]))
  )
}

/** Text as a dollar-quoted constant, with a tag the text does not hold. */
function dollarQuoted(text: string): string {
  let tag = '$b$'
  for (let i = 0; text.includes(tag); i++) tag = `$b${i}$`
  return `${tag}${text}${tag}`
}

/**
 * The batch's positions as binary COPY data; null when it has none. A frame's positions are
 * sorted by time, so a record sent twice in one frame is next to its twin and only the first
 * is kept, as `ON CONFLICT DO NOTHING` would.
 */
function positionsCopy(units: WriteUnit[]): CopyPart | null {
  let copy: BinaryCopyWriter | null = null
  for (const unit of units) {
    let previousTime = Number.NaN
    for (const p of unit.positions) {
      const time = p.fixTime.getTime()
      if (time === previousTime) continue
      previousTime = time
      copy ??= new BinaryCopyWriter()
      copy.row(12)
      copy.int4(unit.device.id)
      copy.int4(unit.device.companyId)
      copy.timestamp(time)
      copy.timestamp(p.serverTime.getTime())
      copy.float8(p.latitude)
      copy.float8(p.longitude)
      copy.float4(p.speed)
      copy.float4(p.course)
      copy.float4(p.altitude)
      copy.int2(p.satellites)
      copy.bool(p.valid)
      copy.jsonb(JSON.stringify(p.attributes))
    }
  }
  if (!copy) return null
  return {
    sql: `COPY positions (${POSITION_COLUMNS}) FROM STDIN (FORMAT binary)`,
    data: copy.finish(),
  }
}

const POSITION_COLUMNS = `device_id, company_id, fix_time, server_time, latitude, longitude,
  speed, course, altitude, satellites, valid, attributes`

/**
 * The same positions through a temporary table (emptied at commit) into positions, skipping
 * those already stored: for the rare batch holding a resent one.
 */
function positionsSkippingStored(positions: CopyPart): CopyPart {
  return {
    sql: `CREATE TEMP TABLE IF NOT EXISTS ingest_positions
        (LIKE positions INCLUDING DEFAULTS) ON COMMIT DELETE ROWS;
      COPY ingest_positions (${POSITION_COLUMNS}) FROM STDIN (FORMAT binary);
      INSERT INTO positions (${POSITION_COLUMNS}) SELECT ${POSITION_COLUMNS} FROM ingest_positions
      ON CONFLICT DO NOTHING`,
    data: positions.data,
  }
}

const STATE_COLUMNS = `device_id, company_id, fix_time, last_seen_at, latitude, longitude, speed,
  course, altitude, satellites, valid, live_status, online, ignition, odometer, power, battery,
  battery_level, gsm_signal, ip_address, attributes, detector, updated_at`

/** The live-state staging table's columns (as `device_states`, its documents as `json`). */
const STAGED_STATE_COLUMNS = `device_id int, company_id int, fix_time timestamptz,
  last_seen_at timestamptz, latitude float8, longitude float8, speed real, course real,
  altitude real, satellites int2, valid bool, live_status varchar, online bool, ignition bool,
  odometer float8, power real, battery real, battery_level real, gsm_signal int2,
  ip_address varchar, attributes json, detector json, updated_at timestamptz`

/**
 * Staging tables are emptied at every commit that used them, and a table with a TOAST table
 * truncates three files there (its own, the TOAST table's and its index's): about half a
 * millisecond of every small batch. `ingest_states` is made without one: its text columns are
 * stored in place (PLAIN), copied from a template, since a TOAST table is decided when a
 * table is created. Run once on each connection the writer gets (the ingest pool does, when it
 * first hands the connection out).
 */
export const INGEST_SESSION_SETUP = `
  CREATE TEMP TABLE IF NOT EXISTS ingest_state_columns (${STAGED_STATE_COLUMNS});
  ALTER TABLE ingest_state_columns ALTER live_status SET STORAGE PLAIN,
    ALTER ip_address SET STORAGE PLAIN, ALTER attributes SET STORAGE PLAIN,
    ALTER detector SET STORAGE PLAIN;
  CREATE TEMP TABLE IF NOT EXISTS ingest_states (LIKE ingest_state_columns INCLUDING STORAGE)
    ON COMMIT DELETE ROWS`

/**
 * A row stored in place must fit a page (8 kB); a batch holding a larger live state (a device
 * reporting hundreds of IO elements) goes through a staging table that can move it out of line.
 */
const LARGEST_IN_PLACE_STATE_BYTES = 7000

/**
 * Each device's last live state of the batch, by binary COPY into a staging table emptied at
 * every commit (`ingest_states`, from the session setup), then upserted from there (in device
 * order, as every batch locks them).
 */
function statesCopy(units: WriteUnit[]): CopyPart | null {
  const latest = new Map<number, WriteUnit>()
  for (const unit of units) if (unit.state) latest.set(unit.device.id, unit)
  if (latest.size === 0) return null
  const copy = new BinaryCopyWriter()
  const now = Date.now()
  for (const unit of latest.values()) {
    const s = unit.state!
    copy.row(23)
    copy.int4(unit.device.id)
    copy.int4(unit.device.companyId)
    copy.timestamp(s.fixTime)
    copy.timestamp(s.lastSeenAt)
    copy.float8(s.latitude)
    copy.float8(s.longitude)
    copy.float4(s.speed)
    copy.float4(s.course)
    copy.float4(s.altitude)
    copy.int2(s.satellites)
    copy.bool(s.valid)
    copy.text(s.liveStatus)
    copy.bool(s.online)
    copy.bool(s.ignition)
    copy.float8(s.odometer)
    copy.float4(s.power)
    copy.float4(s.battery)
    copy.float4(s.batteryLevel)
    copy.int2(s.gsmSignal)
    copy.text(s.ipAddress)
    copy.text(JSON.stringify(s.attributes))
    copy.text(
      JSON.stringify({
        ...s.detector,
        overspeed: s.overspeed,
        geofences: s.geofences ?? [],
        outOfHours: s.outOfHours ?? false,
        sensors: s.sensors,
        plausibility: s.plausibility,
      })
    )
    copy.timestamp(now)
  }
  const data = copy.finish()
  const large = copy.largestRowBytes > LARGEST_IN_PLACE_STATE_BYTES
  const staging = large ? 'ingest_states_toasted' : 'ingest_states'
  const createStaging = large
    ? `CREATE TEMP TABLE IF NOT EXISTS ${staging} (${STAGED_STATE_COLUMNS}) ON COMMIT DELETE ROWS;`
    : ''
  return {
    sql: `${createStaging}
      COPY ${staging} FROM STDIN (FORMAT binary);
      INSERT INTO device_states (${STATE_COLUMNS})
        SELECT ${STATE_COLUMNS} FROM ${staging} ORDER BY device_id
      ON CONFLICT (device_id) DO UPDATE SET
        fix_time = EXCLUDED.fix_time, last_seen_at = EXCLUDED.last_seen_at,
        server_time = EXCLUDED.last_seen_at,
        latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, speed = EXCLUDED.speed,
        course = EXCLUDED.course, altitude = EXCLUDED.altitude, satellites = EXCLUDED.satellites,
        valid = EXCLUDED.valid, live_status = EXCLUDED.live_status, online = EXCLUDED.online,
        ignition = EXCLUDED.ignition, odometer = EXCLUDED.odometer, power = EXCLUDED.power,
        battery = EXCLUDED.battery, battery_level = EXCLUDED.battery_level,
        gsm_signal = EXCLUDED.gsm_signal, ip_address = EXCLUDED.ip_address,
        attributes = EXCLUDED.attributes, detector = EXCLUDED.detector,
        updated_at = EXCLUDED.updated_at`,
    data,
  }
}

interface Statement {
  /** An INSERT with its own $1..$n placeholders. */
  sql: string
  /** One column per placeholder, bound through unnest: its values, or its array literal. */
  values: (unknown[] | string)[]
}

/** Joins statements into one `WITH ... SELECT 1`, renumbering their placeholders. */
function combine(statements: Statement[]): { text: string; values: Statement['values'] } {
  if (statements.length === 1) return { text: statements[0].sql, values: statements[0].values }
  const values: Statement['values'] = []
  const parts = statements.map((statement, index) => {
    const offset = values.length
    values.push(...statement.values)
    const sql = statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)
    return `w${index} AS (${sql})`
  })
  return { text: `WITH ${parts.join(', ')} SELECT 1`, values }
}

function eventsStatement(units: WriteUnit[]): Statement | null {
  const columns: unknown[][] = Array.from({ length: 8 }, () => [])
  for (const unit of units) {
    for (const event of unit.events) {
      columns[0].push(unit.device.companyId)
      columns[1].push(unit.device.id)
      columns[2].push(event.time)
      columns[3].push(event.code)
      columns[4].push(event.state)
      columns[5].push(event.latitude)
      columns[6].push(event.longitude)
      columns[7].push(JSON.stringify(event.attributes))
    }
  }
  if (columns[0].length === 0) return null
  return {
    sql: `INSERT INTO events (company_id, device_id, event_time, code, state, latitude, longitude, attributes)
       SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::varchar[], $5::char[],
         $6::float8[], $7::float8[], $8::jsonb[])
       ON CONFLICT DO NOTHING`,
    values: columns,
  }
}

/** Rows given as objects, bound column by column through unnest. */
function rowsStatement(
  table: string,
  rows: Record<string, unknown>[],
  types: string[],
  conflict: string
): Statement | null {
  if (rows.length === 0) return null
  const columns = Object.keys(rows[0])
  const arrays = types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')
  return {
    sql: `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${arrays}) ${conflict}`,
    values: columns.map((column) => rows.map((row) => row[column])),
  }
}

const TRIP_COLUMN_TYPES: Record<string, string> = {
  company_id: 'int',
  device_id: 'int',
  start_time: 'timestamptz',
  end_time: 'timestamptz',
  start_latitude: 'float8',
  start_longitude: 'float8',
  end_latitude: 'float8',
  end_longitude: 'float8',
  distance: 'float8',
  max_speed: 'real',
  average_speed: 'real',
  duration: 'int',
  idle_duration: 'int',
  start_odometer: 'float8',
  end_odometer: 'float8',
  max_speed_time: 'timestamptz',
  max_speed_latitude: 'float8',
  max_speed_longitude: 'float8',
  speed_seconds: 'text',
  speed_meters: 'text',
  over_limit_seconds: 'int',
  over_limit_distance: 'float8',
  driver_card_id: 'varchar',
}
/** Columns bound as text and cast per row (an array column cannot go through unnest). */
const TRIP_ROW_CASTS: Record<string, string> = { speed_seconds: 'int[]', speed_meters: 'int[]' }

/** Trips with their driver (`tripDriverSql`): the card reported, else the assignment. */
function tripsStatement(units: WriteUnit[]): Statement | null {
  const rows = units.flatMap((unit) =>
    unit.trips.map((trip) => tripRow(unit.device.companyId, unit.device.id, trip))
  )
  if (rows.length === 0) return null
  const columns = Object.keys(rows[0])
  const arrays = columns
    .map((column, index) => `$${index + 1}::${TRIP_COLUMN_TYPES[column]}[]`)
    .join(', ')
  const selected = columns.map((column) =>
    TRIP_ROW_CASTS[column] ? `t.${column}::${TRIP_ROW_CASTS[column]}` : `t.${column}`
  )
  return {
    sql: `INSERT INTO trips (${columns.join(', ')}, driver_id)
       SELECT ${selected.join(', ')}, ${tripDriverSql('t')}
       FROM unnest(${arrays}) AS t(${columns.join(', ')})
       ON CONFLICT (device_id, start_time) DO NOTHING`,
    values: columns.map((column) => rows.map((row) => (row as Record<string, unknown>)[column])),
  }
}

function idlesStatement(units: WriteUnit[]): Statement | null {
  const rows = units.flatMap((unit) =>
    (unit.idles ?? []).map((idle) => idleRow(unit.device.companyId, unit.device.id, idle))
  )
  return rowsStatement(
    'idle_periods',
    rows,
    ['int', 'int', 'timestamptz', 'timestamptz', 'float8', 'float8', 'int'],
    'ON CONFLICT (device_id, start_time) DO NOTHING'
  )
}

function stopsStatement(units: WriteUnit[]): Statement | null {
  const rows = units.flatMap((unit) =>
    unit.stops.map((stop) => stopRow(unit.device.companyId, unit.device.id, stop))
  )
  return rowsStatement(
    'stops',
    rows,
    ['int', 'int', 'timestamptz', 'timestamptz', 'float8', 'float8', 'int', 'int'],
    'ON CONFLICT (device_id, start_time) DO NOTHING'
  )
}

/** Stays in a geofence that began in these frames (with their end when it came too). */
function visitsStatement(units: WriteUnit[]): Statement | null {
  const rows = units.flatMap((unit) =>
    (unit.visits ?? []).map((visit) => ({
      company_id: unit.device.companyId,
      device_id: unit.device.id,
      geofence_id: visit.geofenceId,
      enter_time: visit.enterTime,
      exit_time: visit.exitTime,
      duration:
        visit.exitTime === null
          ? null
          : Math.round((visit.exitTime.getTime() - visit.enterTime.getTime()) / 1000),
    }))
  )
  return rowsStatement(
    'geofence_visits',
    rows,
    ['int', 'int', 'int', 'timestamptz', 'timestamptz', 'int'],
    'ON CONFLICT (device_id, geofence_id, enter_time) DO NOTHING'
  )
}

/**
 * Ends of stays opened by an earlier frame (committed before this batch: a device's
 * frames are written one after the other, so its open visit is always visible here).
 */
function visitExitsStatement(units: WriteUnit[]): Statement | null {
  const columns: unknown[][] = [[], [], []]
  for (const unit of units) {
    for (const exit of unit.visitExits ?? []) {
      columns[0].push(unit.device.id)
      columns[1].push(exit.geofenceId)
      columns[2].push(exit.exitTime)
    }
  }
  if (columns[0].length === 0) return null
  return {
    sql: `UPDATE geofence_visits v
         SET exit_time = x.exit_time,
             duration = GREATEST(0, round(extract(epoch FROM x.exit_time - v.enter_time)))::int
        FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS x(device_id, geofence_id, exit_time)
       WHERE v.device_id = x.device_id AND v.geofence_id = x.geofence_id
         AND v.exit_time IS NULL AND v.enter_time <= x.exit_time`,
    values: columns,
  }
}
