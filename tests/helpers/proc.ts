/*
| What Linux's /proc says about processes and TCP sockets, for the tests and the benchmarks
| that run the tracker listener in processes of its own. Only node:fs here: the benchmark
| imports it without the test setup.
*/
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

/** The state /proc/net/tcp gives a listening socket. */
const TCP_LISTEN = '0A'

/** The process ids of `pid`'s children; none once it has exited. */
export function childrenOf(pid: number): number[] {
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

/** IPv4 TCP sockets of the machine: local port, remote port, state, inode (/proc/net/tcp). */
export function tcpSockets() {
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const fields = line.trim().split(/\s+/)
      return {
        localPort: Number.parseInt(fields[1].split(':')[1], 16),
        remotePort: Number.parseInt(fields[2].split(':')[1], 16),
        state: fields[3],
        inode: fields[9],
      }
    })
}

/** Sockets listening on `port` (IPv4): one per worker bound with SO_REUSEPORT. */
export function listeningSockets(port: number): number {
  return tcpSockets().filter((socket) => socket.localPort === port && socket.state === TCP_LISTEN)
    .length
}

/** The inodes of the sockets `pid` holds open (/proc/<pid>/fd). */
export function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (match) inodes.add(match[1])
    } catch {
      // The descriptor closed meanwhile.
    }
  }
  return inodes
}
