import { fork } from 'node:child_process'
import type { Logger } from '@adonisjs/core/logger'
import type { TrackingPorts } from '../tracking_service.js'
import { ListenerSupervisor } from './listener_supervisor.js'
import { missingListenerV8Flags } from './listener_boot.js'
import { ownFlagsOnly } from '#services/runtime/web_memory'

/**
 * What a listener process started by the web process tells it over the IPC channel: its
 * ports once it listens, and (without REDIS_URL) the live updates to broadcast to the
 * browsers connected to the web process.
 */
export type ListenerChildMessage =
  | { type: 'listener-ready'; ports: TrackingPorts }
  | { type: 'live'; channel: string; message: Record<string, unknown> }

/** Set by the web process for its listener processes: live updates go through the parent. */
export const LIVE_VIA_PARENT = 'TRACKER_LIVE_VIA_PARENT'

/** In a listener process of the web process (and no Redis): the broadcast to the parent. */
export function parentBroadcast(): ((channel: string, message: object) => void) | null {
  if (process.env[LIVE_VIA_PARENT] !== '1' || typeof process.send !== 'function') return null
  return (channel, message) => {
    if (!process.connected) return
    process.send!({
      type: 'live',
      channel,
      message: message as Record<string, unknown>,
    } satisfies ListenerChildMessage)
  }
}

/** In a listener process: tells the web process (if it started it) that it listens. */
export function announceReady(ports: TrackingPorts) {
  if (process.env[LIVE_VIA_PARENT] === undefined || !process.connected) return
  process.send?.({ type: 'listener-ready', ports } satisfies ListenerChildMessage)
}

/**
 * The tracker listener of the web process (`npm start`, TRACKER_LISTENER=true) in processes
 * of its own: `tracker:listen` forked `count` times (TRACKER_WORKERS, default 1; several share
 * the ports with SO_REUSEPORT), restarted when one dies, stopped with the web process (and
 * stopping by themselves when it is gone). The listener's event loop, heap and garbage
 * collection are then its own: an acknowledgement never waits for a page being rendered, and
 * a page never waits for a batch being decoded (docs/request-limits.md). Without REDIS_URL
 * the live updates come back over the IPC channel and the web process broadcasts them to its
 * browsers, as when the listener ran inside it.
 */
export function startListenerChildren(options: {
  aceScript: string
  count: number
  logger: Logger
  broadcast: (channel: string, message: Record<string, unknown>) => void
  /** Every listener process listens (the first time), with its ports. */
  onReady: (ports: TrackingPorts) => void
  viaParent: boolean
  /** The priority (nice value) the listener processes run at (TRACKER_NICE), if set. */
  priority?: number
}) {
  const ready = new Set<number>()
  let announced = false
  const supervisor = new ListenerSupervisor(
    options.count,
    (id) => {
      const child = fork(options.aceScript, ['tracker:listen'], {
        // The web process's own young generation (web_memory.ts) is not the listener's; its
        // MALLOC_ARENA_MAX is, through the environment.
        execArgv: [
          ...ownFlagsOnly(process.execArgv).filter((flag) => !flag.startsWith('--cpu-prof')),
          ...missingListenerV8Flags(ownFlagsOnly(process.execArgv), process.env.NODE_OPTIONS),
        ],
        env: {
          ...process.env,
          TRACKER_WORKER_ID: String(id),
          TRACKER_WORKER_COUNT: String(options.count),
          [LIVE_VIA_PARENT]: options.viaParent ? '1' : '0',
          // A listener restarted after the web process lowered its priority (WEB_NICE)
          // inherits that priority: it raises itself back to this one.
          ...(options.priority === undefined ? {} : { TRACKER_NICE: String(options.priority) }),
        },
      })
      child.on('message', (raw) => {
        const message = raw as ListenerChildMessage
        if (message?.type === 'live') {
          options.broadcast(message.channel, message.message)
        } else if (message?.type === 'listener-ready') {
          ready.add(id)
          if (!announced && ready.size === options.count) {
            announced = true
            options.onReady(message.ports)
          }
        }
      })
      // Restarted, it is starting again (`/ready` says so until it listens).
      child.once('exit', () => ready.delete(id))
      return child
    },
    options.logger
  )
  supervisor.start()
  return {
    supervisor,
    /** Whether every listener process listens now. */
    get ready() {
      return ready.size === options.count
    },
  }
}
