/**
 * Navigation to first row, part of `npm run bench:reports` (benchmarks/reports.ts): every
 * report page of the registry opened in headless Chromium (Debian's /usr/bin/chromium or
 * CHROMIUM_PATH) against the production build (`node ace build` first; BENCH_BUILD names
 * another build folder), for the whole fleet and the whole generated period, as a signed-in
 * admin (the HR report shows personal data). A visit is timed from navigation start to the first frame that shows a row of the
 * report's table (or its "no rows" line, or its 422 message), found by a MutationObserver the
 * benchmark adds to the page (nothing in the app's code). One warm-up visit fills the HTTP
 * cache (a returning user's case), then BENCH_PAGE_RUNS visits (default 5) per report: median and range, and the median
 * server time (request sent to the page's first byte; the rest is transfer and the browser).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright'
import { REFUSE_MAP_TILES, signInBrowser } from './browser_session.js'

/** Issue 26: the page shows its first row within 500 ms of navigation. */
export const FIRST_ROW_TARGET_MS = 500

const HOST = '127.0.0.1'
const PASSWORD = 'bench-reports-password'
/** What counts as the report's first row: a row, the "no rows" line, or the refusal. */
const FIRST_ROW =
  '[data-report-row], .ag-center-cols-container .ag-row, .ag-overlay-no-rows-center, [data-testid="report-issues"], [data-testid="error-message"]'

/** The map tile servers (config/map.ts's sources): never asked during a visit. */
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export interface FirstRowResult {
  slug: string
  median: number
  min: number
  max: number
  /** What appeared first: a row, no rows, or a refusal (422). */
  shown: string
  /** Median of the visits' server time: request sent to the page's first byte. */
  server: number
}

/** Creates the admin the browser signs in as, through the app's own code (app booted). */
export async function createBenchManager(companyId: number) {
  const { DateTime } = await import('luxon')
  const { default: User } = await import('#models/user')
  const { default: Company } = await import('#models/company')
  const { addMember } = await import('#actions/accounts/team_membership')
  const email = `bench-reports-${companyId}-${Date.now()}@example.com`
  const user = await User.create({
    email,
    password: PASSWORD,
    emailVerifiedAt: DateTime.now(),
    timezone: 'Europe/Istanbul',
  })
  // An admin: the HR report shows drivers' personal data, which a manager may not see.
  await addMember(await Company.findOrFail(companyId), user, 'admin')
  return email
}

function startWeb(root: string, env: NodeJS.ProcessEnv): ChildProcess & { recent: () => string } {
  const build = process.env.BENCH_BUILD ?? join(root, 'build')
  if (!existsSync(join(build, 'bin', 'server.js'))) {
    throw new Error('the first-row measure runs the production build: run `node ace build` first')
  }
  const child = spawn(process.execPath, ['bin/server.js'], {
    cwd: build,
    env: { ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return Object.assign(child, { recent: () => output.trim() })
}

async function waitForServer(base: string, web: ReturnType<typeof startWeb>) {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (web.exitCode !== null) throw new Error(`the web process stopped:\n${web.recent()}`)
    try {
      const response = await fetch(`${base}/login`, { signal: AbortSignal.timeout(5000) })
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`the web process did not answer:\n${web.recent()}`)
}

/** One visit: milliseconds from navigation start to the first frame with a row. */
async function visit(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit', timeout: 180_000 })
  await page.waitForFunction(
    () => typeof (window as { __benchFirstRow?: number }).__benchFirstRow === 'number',
    undefined,
    { timeout: 180_000, polling: 50 }
  )
  return page.evaluate(() => {
    const mark = window as { __benchFirstRow?: number; __benchShown?: string }
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return {
      ms: mark.__benchFirstRow!,
      shown: mark.__benchShown ?? 'row',
      server: navigation ? navigation.responseStart - navigation.requestStart : Number.NaN,
    }
  })
}

/**
 * Opens every report page and prints navigation to first row (median and range of `runs`
 * visits); answers the results.
 */
export async function measureFirstRows(options: {
  root: string
  env: NodeJS.ProcessEnv
  port: number
  email: string
  /** Report slug and its English path. */
  reports: { slug: string; path: string }[]
  params: Record<string, string>
  runs: number
}): Promise<FirstRowResult[]> {
  const base = `http://${HOST}:${options.port}`
  const web = startWeb(options.root, {
    ...options.env,
    HOST,
    PORT: String(options.port),
    APP_URL: base,
    SESSION_DRIVER: 'cookie',
    TRACKER_LISTENER: 'false',
    SCHEDULER: 'false',
    LOG_LEVEL: 'warn',
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      REFUSE_MAP_TILES,
    ],
  })
  try {
    await waitForServer(base, web)
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.addInitScript((selector: string) => {
      const mark = window as { __benchFirstRow?: number; __benchShown?: string }
      const observer = new MutationObserver(() => {
        const found = document.querySelector(selector)
        if (!found) return
        observer.disconnect()
        // The report's 422 (its parameters), or the error page (a run stopped by the
        // statement timeout answers 422 with the "too heavy" message).
        const shown = found.matches('[data-testid="report-issues"], [data-testid="error-message"]')
          ? 'refused (422)'
          : found.matches('.ag-overlay-no-rows-center')
            ? 'no rows'
            : 'row'
        // The frame that shows it.
        requestAnimationFrame(() => {
          mark.__benchFirstRow = performance.now()
          mark.__benchShown = shown
        })
      })
      observer.observe(document, { childList: true, subtree: true })
    }, FIRST_ROW)
    const page = await context.newPage()
    await signInBrowser(
      page,
      base,
      { email: options.email, password: PASSWORD },
      '/backend/reports'
    )
    const query = new URLSearchParams(options.params).toString()
    const results: FirstRowResult[] = []
    console.log(
      `\nNavigation to first row, headless Chromium, production build, ${options.runs} visits each after a warm-up (load average ${os.loadavg()[0].toFixed(1)}):`
    )
    for (const { slug, path } of options.reports) {
      const url = `${base}${path}?${query}`
      await visit(page, url)
      const visits: { ms: number; shown: string; server: number }[] = []
      for (let run = 0; run < options.runs; run++) visits.push(await visit(page, url))
      const times = visits.map((one) => one.ms)
      const line = {
        slug,
        median: median(times),
        min: Math.min(...times),
        max: Math.max(...times),
        shown: visits[0].shown,
        server: median(visits.map((one) => one.server)),
      }
      results.push(line)
      console.log(
        `  ${slug.padEnd(34)} median ${line.median.toFixed(0).padStart(5)} ms  range ${line.min.toFixed(0)}–${line.max.toFixed(0)} ms  server ${line.server.toFixed(0).padStart(5)} ms  (${line.shown})`
      )
    }
    console.log(
      `\n| report | first row, median | range | server (first byte) | shown |\n| --- | --- | --- | --- | --- |\n` +
        results
          .map(
            (line) =>
              `| ${line.slug} | ${line.median.toFixed(0)} ms | ${line.min.toFixed(0)}–${line.max.toFixed(0)} ms | ${line.server.toFixed(0)} ms | ${line.shown} |`
          )
          .join('\n')
    )
    const all = results.map((line) => line.median)
    const slow = results.filter((line) => line.median >= FIRST_ROW_TARGET_MS)
    console.log(
      `\nAcross reports: median of medians ${median(all).toFixed(0)} ms, range ${Math.min(...all).toFixed(0)}–${Math.max(...all).toFixed(0)} ms; load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}.`
    )
    console.log(
      slow.length === 0
        ? `Every report shows its first row under ${FIRST_ROW_TARGET_MS} ms (median).`
        : `Over the ${FIRST_ROW_TARGET_MS} ms target (median): ${slow.map((line) => line.slug).join(', ')}`
    )
    return results
  } finally {
    await browser.close()
    if (web.exitCode === null) {
      web.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 500))
      if (web.exitCode === null) web.kill('SIGKILL')
    }
  }
}
