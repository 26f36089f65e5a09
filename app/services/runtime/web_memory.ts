/**
 * The web process's memory settings that only apply at start (docs/configuration.md):
 *
 * - V8's young generation, WEB_SEMI_SPACE_MB per semi-space (default 16). V8 sizes it from the
 *   machine's memory (64 MiB per semi-space on 24 GiB), grows it to that maximum under any
 *   steady load and keeps it committed: 128 MiB of the web process's RSS under bench:mixed.
 * - V8's old generation growth, WEB_HEAP_GROWING_PERCENT (default 50): after a full collection
 *   V8 lets the old generation grow by a factor it picks (up to 4) before the next one; under
 *   bench:mixed the web's heap reached 460 MiB with 165 MiB live. 50 makes it 1.5: more
 *   frequent full collections (marked concurrently), for a heap about a third of that size.
 * - glibc's malloc arenas, MALLOC_ARENA_MAX (default 2). glibc gives each thread that allocates
 *   an arena of its own (up to 8 per core), and V8's compiler and GC threads, libuv's pool and
 *   the export workers all allocate: freed memory stays in each arena.
 *
 * Both are read when the process starts, so the web process runs itself again in place
 * (execve: same pid, streams and environment) with them, as `tracker:listen` does with its
 * young generation. Each is left to whoever started the process when given (a flag on the
 * command line or in NODE_OPTIONS, MALLOC_ARENA_MAX in the environment; 0 for the two sizes
 * keeps V8's); none under a parent that talks to it over IPC (the dev server, a process
 * manager), nor where execve is missing.
 */

/** Set on the process run again: the V8 flags it added (not passed on to its listeners). */
export const WEB_ADDED_FLAGS = 'FLEETTRACK_WEB_ADDED_FLAGS'

export const DEFAULT_WEB_SEMI_SPACE_MB = 16
export const DEFAULT_WEB_HEAP_GROWING_PERCENT = 50
export const DEFAULT_MALLOC_ARENA_MAX = '2'

/** A whole number ≥ 0 from the environment, else the default. */
function chosenNumber(value: string | undefined, fallback: number) {
  const chosen = value?.trim() ? Number(value) : fallback
  return Number.isInteger(chosen) && chosen >= 0 ? chosen : fallback
}

const YOUNG_GENERATION_FLAG =
  /^--(max|min)[-_]semi[-_]space[-_]size(=|$)|^--max[-_]heap[-_]size(=|$)/

/** The V8 flags and environment the web process is to start with and was not started with. */
export function missingWebMemorySettings(
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv
): { flags: string[]; env: Record<string, string> } {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)]
  const flags: string[] = []
  const semiSpace = chosenNumber(env.WEB_SEMI_SPACE_MB, DEFAULT_WEB_SEMI_SPACE_MB)
  if (semiSpace > 0 && !given.some((flag) => YOUNG_GENERATION_FLAG.test(flag))) {
    flags.push(`--max-semi-space-size=${semiSpace}`)
  }
  const growing = chosenNumber(env.WEB_HEAP_GROWING_PERCENT, DEFAULT_WEB_HEAP_GROWING_PERCENT)
  if (growing > 0 && !given.some((flag) => /^--heap[-_]growing[-_]percent(=|$)/.test(flag))) {
    flags.push(`--heap-growing-percent=${growing}`)
  }
  return {
    flags,
    env: env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: DEFAULT_MALLOC_ARENA_MAX } : {},
  }
}

/** Runs this process again in place with the settings above; returns if it need not or cannot. */
export function restartWithWebMemorySettings() {
  if (typeof process.execve !== 'function' || process.platform !== 'linux') return
  if (process.env[WEB_ADDED_FLAGS] !== undefined || typeof process.send === 'function') return
  const missing = missingWebMemorySettings(process.execArgv, process.env)
  if (missing.flags.length === 0 && Object.keys(missing.env).length === 0) return
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...missing.flags, ...process.argv.slice(1)],
      { ...process.env, ...missing.env, [WEB_ADDED_FLAGS]: missing.flags.join(' ') }
    )
  } catch (error) {
    console.warn(`The web process runs without its memory settings: ${error}`)
  }
}

/** The Node flags of this process minus those it added to itself (for its listener processes). */
export function ownFlagsOnly(execArgv: readonly string[]) {
  const added = new Set((process.env[WEB_ADDED_FLAGS] ?? '').split(' ').filter(Boolean))
  return execArgv.filter((flag) => !added.has(flag))
}
