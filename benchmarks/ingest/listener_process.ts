import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import { childrenOf, listeningSockets } from '#tests/helpers/proc'

/** The folders of the server's own code: a build older than any file in them is stale. */
const SOURCE_FOLDERS = ['app', 'bin', 'commands', 'config', 'database', 'providers', 'start']

function newestFileTime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path))
    newest = Math.max(newest, newestFileTime(join(path, entry)))
  return newest
}

/**
 * Where the listener runs from: the production build (`node ace build`, what `npm start` runs)
 * when there is one newer than every source file, else the TypeScript source through
 * @poppinss/ts-exec, whose module hooks run on a thread of their own with its own heap (tens
 * of MiB of RSS production does not have). BENCH_LISTENER=source or build forces one.
 */
export function listenerEntry(root: string): { cwd: string; from: 'build' | 'source' } {
  const build = join(root, 'build')
  const wanted = process.env.BENCH_LISTENER
  const built = existsSync(join(build, 'ace.js')) && existsSync(join(build, 'bin', 'console.js'))
  if (wanted === 'build') {
    if (!built) throw new Error('BENCH_LISTENER=build but there is no build: run `node ace build`')
    return { cwd: build, from: 'build' }
  }
  if (wanted === 'source' || !built) return { cwd: root, from: 'source' }
  const builtAt = statSync(join(build, 'bin', 'console.js')).mtimeMs
  const fresh = SOURCE_FOLDERS.every((folder) => newestFileTime(join(root, folder)) <= builtAt)
  return fresh ? { cwd: build, from: 'build' } : { cwd: root, from: 'source' }
}

/**
 * The tracker listener (`node ace tracker:listen`, with `--workers=N` its primary and N
 * worker processes) in child processes of its own, so that its memory is measured alone.
 */
export class ListenerProcess {
  private output = ''

  private constructor(
    private readonly child: ChildProcess,
    readonly workers: number
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
  }

  static start(cwd: string, env: NodeJS.ProcessEnv, workers = 1): ListenerProcess {
    const child = spawn(process.execPath, ['ace.js', 'tracker:listen', `--workers=${workers}`], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return new ListenerProcess(child, workers)
  }

  /** The listener's processes: the primary and, with workers, the workers. */
  pids(): number[] {
    return this.workers > 1 ? [this.pid, ...childrenOf(this.pid)] : [this.pid]
  }

  get pid(): number {
    return this.child.pid ?? 0
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null
  }

  /** The last lines the listener wrote, for error reports. */
  get recentOutput(): string {
    return this.output.trim()
  }

  /** Resident memory (VmRSS) in bytes of each of the listener's processes, from /proc. */
  rssByProcess(): number[] {
    return this.pids().map((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
        return match ? Number(match[1]) * 1024 : 0
      } catch {
        return 0
      }
    })
  }

  /**
   * Resident memory by kind, bytes (/proc status), all the listener's processes together:
   * anonymous (heaps, stacks, buffers), file (the node binary and libraries as mapped) and
   * shared memory; and the thread count.
   */
  rssParts(): { anonymous: number; file: number; shared: number; threads: number } {
    const parts = { anonymous: 0, file: 0, shared: 0, threads: 0 }
    for (const pid of this.pids()) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const field = (name: string) =>
          Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
        parts.anonymous += field('RssAnon') * 1024
        parts.file += field('RssFile') * 1024
        parts.shared += field('RssShmem') * 1024
        parts.threads += field('Threads')
      } catch {
        // The process exited meanwhile (a worker being restarted).
      }
    }
    return parts
  }

  /** Resident memory (VmRSS) in bytes, all the listener's processes together. */
  rssBytes(): number {
    return this.rssByProcess().reduce((total, rss) => total + rss, 0)
  }

  /**
   * CPU time (user + system) the listener's running processes used so far, seconds (Linux
   * clock ticks of 10 ms).
   */
  cpuSeconds(): number {
    let total = 0
    for (const pid of this.pids()) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        total += (Number(fields[11]) + Number(fields[12])) / 100
      } catch {
        // The process exited meanwhile (a worker being restarted).
      }
    }
    return total
  }

  /** Resolves once `port` accepts connections; rejects if the listener dies or time runs out. */
  async waitForPort(port: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (this.exited) throw new Error(`listener exited:\n${this.recentOutput}`)
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' })
        socket.once('connect', () => {
          socket.destroy()
          resolve(true)
        })
        socket.once('error', () => resolve(false))
      })
      if (open && listeningSockets(port) >= this.workers) return
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error(
      `listener not listening on ${port} after ${timeoutMs} ms:\n${this.recentOutput}`
    )
  }

  /** SIGINT (graceful: drains the writer), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.exited) return
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    this.child.kill('SIGINT')
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }
}
