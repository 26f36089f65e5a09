import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'

/** The process ids of `pid`'s children (Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

/** Sockets listening on `port` (IPv4), from /proc/net/tcp: one per worker bound with SO_REUSEPORT. */
function listeningSockets(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .filter((line) => {
      const fields = line.trim().split(/\s+/)
      return fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A'
    }).length
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

  static start(root: string, env: NodeJS.ProcessEnv, workers = 1): ListenerProcess {
    const child = spawn(process.execPath, ['ace', 'tracker:listen', `--workers=${workers}`], {
      cwd: root,
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
