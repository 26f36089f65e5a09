import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The parts of a V8 .cpuprofile (node --cpu-prof) the summary reads. */
interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
  }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileLine {
  name: string
  ms: number
  share: number
}

export interface ProfileSummary {
  totalMs: number
  functions: ProfileLine[]
  areas: ProfileLine[]
}

/**
 * A monotonic timestamp in the clock of V8's profile (CLOCK_MONOTONIC, microseconds), so a
 * window measured in this process selects the samples another process recorded.
 */
export function profileClock(): number {
  return Number(process.hrtime.bigint() / 1000n)
}

/** The newest .cpuprofile in `directory` of process `pid`'s main thread. */
export function newestProfile(directory: string, pid: number): string | null {
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.cpuprofile') && file.includes(`.${pid}.0.`))
    .map((file) => path.join(directory, file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  return files[0] ?? null
}

/** Where a function lives, coarse enough to read: a package, a folder of app code, V8's own. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.startsWith('node:')) return url
  const app = url.indexOf('/app/')
  if (app >= 0) return path.dirname(url.slice(app + 1))
  return path.basename(url)
}

function top(map: Map<string, number>, totalMs: number, count: number): ProfileLine[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, share: ms / totalMs }))
}

/**
 * Self time per function and per area, from the samples taken between `from` and `to`
 * (profileClock() microseconds; the whole profile without them).
 */
export function summariseProfile(
  file: string,
  window: { from?: number; to?: number } = {},
  count = 15
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const byFunction = new Map<string, number>()
  const byArea = new Map<string, number>()
  let time = profile.startTime
  let totalMs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]
    if (window.from !== undefined && time < window.from) continue
    if (window.to !== undefined && time > window.to) break
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const frame = frames.get(profile.samples[i])!
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta)
    const place = area(frame.url, frame.functionName)
    byArea.set(place, (byArea.get(place) ?? 0) + delta)
    totalMs += delta
  }
  return {
    totalMs,
    functions: top(byFunction, totalMs, count),
    areas: top(byArea, totalMs, count),
  }
}

export function formatProfile(title: string, summary: ProfileSummary): string {
  const line = (entry: ProfileLine) =>
    `  ${(entry.share * 100).toFixed(1).padStart(5)} %  ${entry.ms.toFixed(0).padStart(7)} ms  ${entry.name}`
  return [
    `${title}: ${summary.totalMs.toFixed(0)} ms sampled`,
    ' self time by area:',
    ...summary.areas.map(line),
    ' self time by function:',
    ...summary.functions.map(line),
  ].join('\n')
}

// `node --import @poppinss/ts-exec benchmarks/ingest/cpu_profile.ts FILE.cpuprofile`
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const file = process.argv[2]
  if (!file) {
    console.error('usage: cpu_profile.ts FILE.cpuprofile [count]')
    process.exit(1)
  }
  console.log(formatProfile(file, summariseProfile(file, {}, Number(process.argv[3] ?? 25))))
}
