import db from '@adonisjs/lucid/services/db'
import { runningListener } from '#tracking/start_tracking'

export interface Readiness {
  ready: boolean
  database: 'up' | 'down'
  /** absent: this process runs no tracker listener. */
  listener: 'ready' | 'starting' | 'absent'
}

const DATABASE_PROBE_MS = 2000

/** Whether this process can do its work now (see HealthController). */
export async function checkReadiness(): Promise<Readiness> {
  const database = await databaseAnswers()
  const listener = runningListener()
  const listenerState = listener === null ? 'absent' : listener.ready ? 'ready' : 'starting'
  return {
    ready: database && listenerState !== 'starting',
    database: database ? 'up' : 'down',
    listener: listenerState,
  }
}

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS)
  })
  try {
    return await Promise.race([
      db.rawQuery('SELECT 1').then(
        () => true,
        () => false
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}
