import { fork } from 'node:child_process'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

export default class TrackerListen extends BaseCommand {
  static commandName = 'tracker:listen'
  static description = 'Run the tracker listener (Teltonika, GT06 and OsmAnd ports)'
  // The app is started below, by the listener process only: the primary of several workers
  // only watches them, and booting the whole app there would cost ~250 MB for nothing.
  static options: CommandOptions = { startApp: false, staysAlive: true }

  @flags.number({
    description:
      'Listener processes sharing the ports (SO_REUSEPORT), each with its own connections (default TRACKER_WORKERS, 1)',
  })
  declare workers?: number

  async run() {
    const { default: env } = await import('#start/env')
    const workers = this.workers ?? env.get('TRACKER_WORKERS', 1)
    if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
      this.logger.error('--workers must be a whole number from 1 to 64')
      this.exitCode = 1
      return this.terminate()
    }
    process.once('SIGINT', () => this.app.terminate())
    const workerId = Number(process.env.TRACKER_WORKER_ID ?? 0)
    // Forked by a web process whose priority is lowered (WEB_NICE): back to the listener's.
    const nice = Number(process.env.TRACKER_NICE)
    if (process.env.TRACKER_NICE && Number.isInteger(nice)) {
      const { currentPriority, restoreProcessPriority } =
        await import('#services/runtime/process_priority')
      if (currentPriority() > nice && !restoreProcessPriority(nice)) {
        this.logger.warning(
          `tracker:listen runs at nice ${currentPriority()}, not ${nice}: raising a priority needs CAP_SYS_NICE (or set WEB_NICE=0)`
        )
      }
    }
    if (workers > 1 && !workerId) return this.supervise(workers, env.get('LOG_LEVEL', 'info'))

    const { bootOnlyTheListener, missingListenerV8Flags } =
      await import('#tracking/server/listener_boot')
    // A worker got the listener's V8 flags from its primary; alone, this process runs again
    // in place with them (V8 reads them at start).
    if (!workerId)
      this.restartWith(missingListenerV8Flags(process.execArgv, process.env.NODE_OPTIONS))
    bootOnlyTheListener(this.app)
    await this.app.boot()
    await this.app.start(() => {})
    const { startTrackingFromConfig } = await import('#tracking/start_tracking')
    const { announceReady } = await import('#tracking/server/listener_child')
    // The stop hook comes before the start, which may wait for the database for a long time.
    const service = await startTrackingFromConfig(
      {
        id: workerId || 1,
        count: workerId ? Number(process.env.TRACKER_WORKER_COUNT ?? workers) : 1,
      },
      (created) =>
        this.app.terminating(async () => {
          await created.stop()
          // The channel to the primary would keep this process alive.
          if (process.connected) process.disconnect()
        })
    )
    // Started by the web process (TRACKER_LISTENER=true): it waits for this.
    announceReady(service.boundPorts)
    // The primary is gone (even killed): a worker does not outlive it.
    if (workerId) process.once('disconnect', () => this.app.terminate())
  }

  /**
   * Replaces this process (execve: same pid, standard streams and environment) with
   * `tracker:listen` started with `v8Flags` too; returns when there are none to add or it
   * cannot (no process.execve on Windows), and the listener runs with V8's defaults.
   */
  private restartWith(v8Flags: string[]) {
    if (v8Flags.length === 0 || typeof process.execve !== 'function') return
    const script = process.argv[1]
    try {
      process.execve(process.execPath, [
        process.execPath,
        ...process.execArgv,
        ...v8Flags,
        script,
        'tracker:listen',
        '--workers=1',
      ])
    } catch (error) {
      this.logger.warning(`tracker:listen runs without ${v8Flags.join(' ')}: ${error}`)
    }
  }

  private async supervise(count: number, level: string) {
    const { ListenerSupervisor } = await import('#tracking/server/listener_supervisor')
    const { missingListenerV8Flags } = await import('#tracking/server/listener_boot')
    const { Logger } = await import('@adonisjs/core/logger')
    const logger = new Logger({ enabled: true, name: 'fleettrack', level })
    const script = process.argv[1]
    const supervisor = new ListenerSupervisor(
      count,
      (id) =>
        fork(script, ['tracker:listen'], {
          execArgv: [
            ...process.execArgv,
            ...missingListenerV8Flags(process.execArgv, process.env.NODE_OPTIONS),
          ],
          env: {
            ...process.env,
            TRACKER_WORKER_ID: String(id),
            TRACKER_WORKER_COUNT: String(count),
          },
        }),
      logger
    )
    supervisor.start()
    logger.info(
      { workers: count, pids: Object.fromEntries(supervisor.pids) },
      `tracker listener: ${count} worker processes on the same ports`
    )
    this.app.terminating(() => supervisor.stop())
  }
}
