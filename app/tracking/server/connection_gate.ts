import { readFileSync } from 'node:fs'

/** The soft limit of open file descriptors of this process (Linux), or null when unknown. */
export function descriptorLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    return parseDescriptorLimit(readFileSync(limitsFile, 'utf8'))
  } catch {
    return null
  }
}

export function parseDescriptorLimit(text: string): number | null {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(text)
  if (!match) return null
  return match[1] === 'unlimited' ? null : Number(match[1])
}

/**
 * Tracker connections this process may hold: the descriptor limit less a reserve kept for
 * the database, the web and log files (at the limit, accept() and new database connections
 * fail with EMFILE), and never more than `configuredMax`.
 */
export function connectionBudget(limit: number | null, reserve: number, configuredMax: number) {
  if (limit === null) return configuredMax
  return Math.max(0, Math.min(configuredMax, limit - reserve))
}

export type Admission = 'ok' | 'full' | 'address'

/**
 * Counts tracker connections across every port of the listener, in total and per remote
 * address, and says whether one more may be held. A refused connection is closed at once.
 */
export class ConnectionGate {
  private total = 0
  private readonly perAddress = new Map<string, number>()

  constructor(
    readonly maxTotal: number,
    /** 0: no cap per address. */
    readonly maxPerAddress: number
  ) {}

  get connections() {
    return this.total
  }

  admit(address: string | undefined): Admission {
    if (this.total >= this.maxTotal) return 'full'
    const key = address ?? ''
    const held = this.perAddress.get(key) ?? 0
    if (this.maxPerAddress > 0 && held >= this.maxPerAddress) return 'address'
    this.total++
    this.perAddress.set(key, held + 1)
    return 'ok'
  }

  release(address: string | undefined) {
    const key = address ?? ''
    const held = this.perAddress.get(key) ?? 0
    if (held <= 1) this.perAddress.delete(key)
    else this.perAddress.set(key, held - 1)
    this.total = Math.max(0, this.total - 1)
  }
}
