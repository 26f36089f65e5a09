import { readdirSync } from 'node:fs'
import os from 'node:os'

/**
 * Ingest first on one host, the web process's side (docs/request-limits.md, "Ingest first"):
 * the web process lowers its own OS priority (a higher nice value) once it has started its
 * tracker listener processes, so that when the cores are busy the listener — left at the
 * normal priority — gets them first and acknowledgements do not wait behind a report being
 * computed or rendered. PostgreSQL's backends of the web process are lowered apart
 * (backend_priority.ts).
 *
 * Linux keeps a nice value per thread: every thread the process has now is lowered, and the
 * threads and processes it starts later (export workers, libuv's pool, Chromium) inherit the
 * value of the thread that starts them. A listener process restarted later inherits it too,
 * and raises itself back (restoreProcessPriority) where the host allows it.
 */

/** The ids of this process's threads (Linux), or the process alone elsewhere. */
function ownThreads(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number)
  } catch {
    return [0]
  }
}

/** The priority (nice value) of this process's calling thread. */
export function currentPriority() {
  return os.getPriority(0)
}

/**
 * Lowers every thread of this process to `nice` (0–19; 0 or less: nothing). Never throws:
 * a thread it may not renice stays as it is. Returns how many threads were lowered.
 */
export function lowerProcessPriority(nice: number): number {
  if (!(nice > 0)) return 0
  const target = Math.min(19, Math.round(nice))
  let lowered = 0
  for (const thread of ownThreads()) {
    try {
      if (os.getPriority(thread) < target) {
        os.setPriority(thread, target)
        lowered++
      }
    } catch {
      // A thread that ended meanwhile, or no right: left as it is.
    }
  }
  return lowered
}

/**
 * Brings every thread of this process back to `nice` (a listener process started by a web
 * process whose priority was lowered meanwhile). Raising a priority needs the right to (root,
 * CAP_SYS_NICE or RLIMIT_NICE): false when it could not.
 */
export function restoreProcessPriority(nice: number): boolean {
  let restored = true
  for (const thread of ownThreads()) {
    try {
      if (os.getPriority(thread) > nice) os.setPriority(thread, nice)
    } catch {
      restored = false
    }
  }
  return restored
}
