/**
 * Lighthouse on the public pages, mobile preset: `npm run bench:lighthouse`.
 *
 * Expects a running production server (`npm start`, or `node bin/server.js` in build/) at
 * BENCH_URL (default http://localhost:3333) with the posts imported. Builds nothing.
 *
 * Runs Lighthouse's default configuration (a mid-range phone: emulated screen, 4x CPU
 * slowdown, simulated slow 4G) with Debian Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * on /, /tr, /pricing, /blog, a blog post (BENCH_POST_PATH, else the first of /blog) and
 * /login, each BENCH_RUNS times (3) on a cold cache, and prints per page the run with the
 * median performance score: performance, LCP, TBT, CLS, FCP, and the forced reflows and
 * render-blocking requests Lighthouse found. The throttling is simulated from the trace, so
 * the figures depend little on the machine's load; the load average is printed with them.
 *
 * Target: performance >= 90, LCP < 2.5 s, TBT < 200 ms on each page. Exits 1 when one is
 * missed (BENCH_NO_FAIL=1 only reports).
 */
import { loadavg } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const BASE = (process.env.BENCH_URL ?? 'http://localhost:3333').replace(/\/$/, '')
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const TARGET = { performance: 90, lcpMs: 2500, tbtMs: 200 }

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

async function blogPostPath() {
  if (process.env.BENCH_POST_PATH) return process.env.BENCH_POST_PATH
  const response = await fetch(`${BASE}/blog`)
  const match = /href="(\/blog\/[a-z0-9-]+)"/.exec(await response.text())
  if (!match) throw new Error('No blog post on /blog: import the posts (node ace posts:import)')
  return match[1]
}

/** The items of an audit's table (forced reflows, render-blocking requests), if any. */
function itemsOf(audit) {
  const details = audit?.details
  if (!details) return []
  if (Array.isArray(details.items)) {
    return details.items.flatMap((item) =>
      item?.type === 'table' || Array.isArray(item?.items) ? (item.items ?? []) : [item]
    )
  }
  return []
}

function summarize(lhr) {
  const audits = lhr.audits
  const reflows = itemsOf(audits['forced-reflow-insight'])
    .map((item) => {
      const source = item.source ?? item.location
      const where = source?.url ? `${source.url.replace(BASE, '')}:${source.line}` : null
      const time = item.reflowTime ?? item.totalReflowTime
      return where || time
        ? `${where ?? 'unattributed'}${time ? ` ${Math.round(time)} ms` : ''}`
        : null
    })
    .filter(Boolean)
  const blocking = itemsOf(audits['render-blocking-insight'])
    .map((item) => item.url?.replace(BASE, ''))
    .filter(Boolean)
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    reflows,
    blocking,
  }
}

async function audit(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
  }
  return summarize(result.lhr)
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`
}

async function main() {
  const paths = ['/', '/tr', '/pricing', '/blog', await blogPostPath(), '/login']
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  const rows = []
  try {
    for (const path of paths) {
      const runs = []
      for (let run = 0; run < RUNS; run++) runs.push(await audit(chrome.port, `${BASE}${path}`))
      const result = median(runs)
      rows.push({ path, result, scores: runs.map((r) => r.performance) })
      console.log(
        `${path.padEnd(40)} performance ${String(result.performance).padStart(3)} ` +
          `(runs ${runs.map((r) => r.performance).join(', ')})  LCP ${seconds(result.lcpMs)}  ` +
          `TBT ${Math.round(result.tbtMs)} ms  CLS ${result.cls.toFixed(3)}  FCP ${seconds(result.fcpMs)}`
      )
      if (result.blocking.length > 0)
        console.log(`  render-blocking: ${result.blocking.join(', ')}`)
      if (result.reflows.length > 0) console.log(`  forced reflows: ${result.reflows.join('; ')}`)
    }
  } finally {
    await chrome.kill()
  }
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')
  console.log(
    `Lighthouse mobile preset, ${RUNS} run(s) per page (median shown); load average ${load}`
  )

  const missed = rows.filter(
    ({ result }) =>
      result.performance < TARGET.performance ||
      result.lcpMs >= TARGET.lcpMs ||
      result.tbtMs >= TARGET.tbtMs
  )
  for (const { path } of missed) {
    console.log(`MISSED on ${path}: performance >= 90, LCP < 2.5 s, TBT < 200 ms`)
  }
  if (missed.length > 0 && !process.env.BENCH_NO_FAIL) process.exit(1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
