import { readdirSync, readFileSync } from 'node:fs'
import type pg from 'pg'

const TICKS_PER_SECOND = 100

/** Fields of /proc/<pid>/stat after the command name: [0] is the state (field 3). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')
  } catch {
    return false
  }
}

/**
 * CPU time (user + system, seconds) the local PostgreSQL server used so far: the postmaster
 * with the children it reaped (cutime, cstime), plus every child still running. CPU time, not
 * wall time, so it stays comparable when other work shares the cores. The whole server: on a
 * DATABASE_URL others use too, their queries count. Null when the server is not on this
 * machine.
 */
export class PostgresCpu {
  private constructor(private readonly postmaster: number) {}

  static async of(pool: pg.Pool): Promise<PostgresCpu | null> {
    const { rows } = await pool.query('SELECT pg_backend_pid() AS pid')
    // A server elsewhere has pids that may belong to something else here.
    if (!isPostgres(rows[0].pid)) return null
    const backend = statFields(rows[0].pid)
    return backend ? new PostgresCpu(Number(backend[1])) : null
  }

  seconds(): number {
    const own = statFields(this.postmaster)
    if (!own) return 0
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const fields = statFields(Number(entry))
      if (fields && Number(fields[1]) === this.postmaster) {
        ticks += Number(fields[11]) + Number(fields[12])
      }
    }
    return ticks / TICKS_PER_SECOND
  }
}
