import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'

/**
 * The tracker listener (`node ace tracker:listen`) in a child process of its own, so that its
 * memory is measured alone.
 */
export class ListenerProcess {
  private output = ''

  private constructor(private readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
  }

  static start(root: string, env: NodeJS.ProcessEnv): ListenerProcess {
    const child = spawn(process.execPath, ['ace', 'tracker:listen'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return new ListenerProcess(child)
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

  /** Resident memory (VmRSS) in bytes, from /proc. */
  rssBytes(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match ? Number(match[1]) * 1024 : 0
  }

  /** CPU time (user + system) the listener used so far, seconds (Linux clock ticks of 10 ms). */
  cpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
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
      if (open) return
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
