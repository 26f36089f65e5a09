import type { ChildProcess } from 'node:child_process'
import type { Logger } from '@adonisjs/core/logger'

/** A worker that lived this long before dying is restarted at once; sooner, with back-off. */
const STABLE_AFTER_MS = 60_000

/** The back-off before restarting a worker that died `failures` times in a row, quickly. */
export function restartDelay(failures: number) {
  return failures === 0 ? 0 : Math.min(30_000, 500 * 2 ** (failures - 1))
}

/**
 * The primary of `tracker:listen --workers=N`: keeps N listener worker processes running
 * (each binds the tracker ports itself with SO_REUSEPORT and holds its own connections,
 * batches and database pool). A worker that dies is restarted; `stop()` asks every worker
 * to stop (they drain their batches) and resolves once all have exited.
 */
export class ListenerSupervisor {
  private readonly workers = new Map<number, ChildProcess>()
  private readonly timers = new Map<number, NodeJS.Timeout>()
  private stopping = false
  private allExited: (() => void) | null = null

  constructor(
    readonly count: number,
    private readonly spawn: (workerId: number) => ChildProcess,
    private readonly logger: Logger
  ) {}

  /** The process ids of the running workers, by worker number. */
  get pids(): Map<number, number> {
    const pids = new Map<number, number>()
    for (const [id, child] of this.workers) if (child.pid) pids.set(id, child.pid)
    return pids
  }

  start() {
    for (let id = 1; id <= this.count; id++) this.startWorker(id, 0)
  }

  private startWorker(id: number, failures: number) {
    this.timers.delete(id)
    if (this.stopping) return
    const child = this.spawn(id)
    const startedAt = Date.now()
    this.workers.set(id, child)
    child.on('error', (error) =>
      this.logger.error({ err: error, worker: id }, 'tracker listener worker error')
    )
    child.once('exit', (code, signal) => {
      if (this.workers.get(id) === child) this.workers.delete(id)
      if (this.stopping) {
        if (this.workers.size === 0) this.allExited?.()
        return
      }
      const next = Date.now() - startedAt >= STABLE_AFTER_MS ? 0 : failures + 1
      const delay = restartDelay(next)
      this.logger.error(
        { worker: id, workerPid: child.pid, code, signal, restartInMs: delay },
        'tracker listener worker exited, restarting it'
      )
      this.timers.set(
        id,
        setTimeout(() => this.startWorker(id, next), delay)
      )
    })
  }

  /** SIGTERM to every worker, SIGKILL to those still running after `graceMs`. */
  async stop(graceMs = 30_000) {
    this.stopping = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
    if (this.workers.size === 0) return
    const exited = new Promise<void>((resolve) => (this.allExited = resolve))
    for (const child of this.workers.values()) child.kill('SIGTERM')
    const killer = setTimeout(() => {
      for (const child of this.workers.values()) child.kill('SIGKILL')
    }, graceMs)
    await exited
    clearTimeout(killer)
  }
}
