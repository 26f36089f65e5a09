/**
 * Reports benchmark: a fleet's month generated into a fresh database (fleet:generate-history:
 * BENCH_VEHICLES vehicles × BENCH_DAYS days, a position every BENCH_INTERVAL seconds; 200 × 31
 * × 30 s by default, about 18 million positions), then every report of the registry for the
 * whole fleet and the whole period: p50 and p95 of the first page with its totals and chart
 * (BENCH_ITERATIONS runs each), and the time to export every row to XLSX (the table
 * machinery's streamed exceljs writer, fed by the report's stream()).
 *
 *   npm run bench:reports
 *   BENCH_VEHICLES=20 BENCH_DAYS=7 npm run bench:reports      (a quick run)
 *   BENCH_REPORTS=fuel-consumptions,driver-behavior npm run bench:reports
 *
 * The default fleet (200 × 31 days) takes about 20 minutes to generate and
 * about 6 GB of disk; see docs/reports.md ("Benchmarking the reports") for keeping it between runs.
 *
 * Then, in headless Chromium against the production build, navigation to first row of every
 * report page (benchmarks/report_pages.ts; target under 500 ms): median and range of
 * BENCH_PAGE_RUNS visits (5). `node ace build` first; BENCH_PAGES=0 skips it, BENCH_IN_PROCESS=0
 * measures it alone.
 *
 * Uses DATABASE_URL when set (the generated company is removed afterwards), otherwise a
 * throwaway embedded PostgreSQL. With DATABASE_URL and BENCH_KEEP=1 the generated company is
 * kept, and a later run with the same size and interval reuses it instead of generating again.
 */
import { PassThrough } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { benchDatabase, embeddedPostgresModule, migrate } from './ingest/bench_database.js'
import { createBenchManager, measureFirstRows } from './report_pages.js'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 200)
const DAYS = Number(process.env.BENCH_DAYS ?? 31)
const INTERVAL = Number(process.env.BENCH_INTERVAL ?? 30)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5)
const ONLY = process.env.BENCH_REPORTS?.split(',').filter(Boolean) ?? null
const KEEP = process.env.BENCH_KEEP === '1' && Boolean(process.env.DATABASE_URL)
const PAGES = process.env.BENCH_PAGES !== '0'
/** BENCH_IN_PROCESS=0: navigation to first row only (no in-process first page and export). */
const IN_PROCESS = process.env.BENCH_IN_PROCESS !== '0'
const PAGE_RUNS = Math.max(1, Number(process.env.BENCH_PAGE_RUNS ?? 5))
const ZONE = 'Europe/Istanbul'
const rootUrl = new URL('../', import.meta.url)
const root = fileURLToPath(rootUrl)

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const database = await benchDatabase(root)
process.env.DATABASE_URL = database.url
process.env.APP_KEY ??= randomBytes(32).toString('hex')
process.env.NODE_ENV = 'production'
process.env.LOG_LEVEL = 'warn'
/**
 * Every run and visit computes its report: the production default keeps an identical screen 30 s
 * (REPORT_CACHE_SECONDS), which made every run after the first, and every visit after the
 * warm-up, a cache hit (a p50 of 1 ms). BENCH_REPORT_CACHE_SECONDS=30 measures the cached pages.
 */
process.env.REPORT_CACHE_SECONDS = process.env.BENCH_REPORT_CACHE_SECONDS ?? '0'

let companyId: number | null = null
let removeCompany: (() => Promise<void>) | null = null
try {
  await migrate(root, process.env)
  const { Ignitor } = await import('@adonisjs/core')
  const ignitor = new Ignitor(rootUrl, {
    importer: (path: string) => import(new URL(path, rootUrl).href),
  })
  const app = ignitor.createApp('console')
  await app.init()
  await app.boot()
  await import('#start/env')
  await app.start(() => {})

  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { DateTime } = await import('luxon')
  const { generateHistory } = await import('#tracking/history/generate_history')
  const { reportsBySlug } = await import('#reports/registry')
  const { buildReportDocument } = await import('#reports/engine/exporters/document')
  const { exportRowLimit, exportTooLarge, writeReportXlsx } =
    await import('#reports/engine/exporters/spreadsheet')
  const { default: i18nManager } = await import('@adonisjs/i18n/services/main')

  // A kept company is named after its size and the last day it was generated for.
  const keptName = `Bench Reports kept ${VEHICLES}x${DAYS}x${INTERVAL}`
  const kept = KEEP
    ? await db.from('companies').whereLike('name', `${keptName} %`).orderBy('id', 'desc').first()
    : null
  let now = DateTime.now().setZone(ZONE).startOf('day').minus({ milliseconds: 1 })
  let generated: { from: import('luxon').DateTime; positions: number }
  if (kept) {
    companyId = kept.id as number
    now = DateTime.fromISO(String(kept.name).slice(keptName.length + 1), { zone: ZONE }).endOf(
      'day'
    )
    const count = await db
      .from('positions')
      .where('company_id', companyId)
      .count('* as total')
      .first()
    generated = {
      from: now.startOf('day').minus({ days: DAYS - 1 }),
      positions: Number(count?.total ?? 0),
    }
    console.log(
      `Reusing "${kept.name}" (BENCH_KEEP): ${generated.positions.toLocaleString()} positions`
    )
  } else {
    const [company] = await db
      .table('companies')
      .insert({
        name: KEEP ? `${keptName} ${now.toISODate()}` : `Bench Reports ${Date.now()}`,
        created_at: new Date(),
        hidden_menus: '[]',
      })
      .returning('id')
    companyId = company.id as number
    // The period ends on the last full day, so that a "month" is exactly DAYS whole days.
    console.log(
      `Generating ${VEHICLES} vehicles × ${DAYS} days, a position every ${INTERVAL} s (fleet:generate-history)...`
    )
    const history = await generateHistory({
      companyId,
      vehicles: VEHICLES,
      days: DAYS,
      intervalSeconds: INTERVAL,
      now,
      timezone: ZONE,
      onVehicle: (done, total, positions) => {
        if (done % 20 === 0 || done === total)
          process.stdout.write(
            `  ${done}/${total} vehicles, ${positions.toLocaleString()} positions\n`
          )
      },
    })
    generated = history
    console.log(
      `Generated ${history.positions.toLocaleString()} positions, ${history.trips.toLocaleString()} trips, ${history.stops.toLocaleString()} stops, ${history.events.toLocaleString()} events, ${history.fuelEntries.toLocaleString()} fuel log entries in ${history.seconds.toFixed(0)} s (${Math.round(history.positions / history.seconds).toLocaleString()} positions/s)`
    )
    await db.rawQuery('VACUUM ANALYZE')
  }
  removeCompany = async () => {
    if (database.embedded || KEEP) return
    await db.from('positions').where('company_id', companyId!).delete()
    await db.from('companies').where('id', companyId!).delete()
  }

  const params = {
    period: 'custom',
    from: generated.from.toISODate(),
    to: now.toISODate(),
  }
  const context = { companyId, timezone: ZONE, now: DateTime.now().setZone(ZONE) }
  const results: {
    slug: string
    p50: number
    p95: number
    rows: number
    /** The report stopped counting at `rows`. */
    more?: boolean
    exportSeconds: number | null
    bytes: number
  }[] = []

  for (const [slug, report] of Object.entries(reportsBySlug)) {
    if (!IN_PROCESS || (ONLY && !ONLY.includes(slug))) continue
    const timings: number[] = []
    let total = 0
    let lowerBound = false
    for (let run = 0; run < ITERATIONS; run++) {
      const startedAt = performance.now()
      const result = await report.run(params, context, { page: 1, perPage: 50 })
      timings.push(performance.now() - startedAt)
      total = result.page.meta.total
      lowerBound = result.page.meta.totalIsLowerBound ?? false
    }
    timings.sort((a, b) => a - b)

    const columnCount = Object.keys(report.columns).length
    if (exportTooLarge('xlsx', total, columnCount, lowerBound)) {
      results.push({
        slug,
        p50: percentile(timings, 50),
        p95: percentile(timings, 95),
        rows: total,
        more: lowerBound,
        exportSeconds: null,
        bytes: 0,
      })
      console.log(
        `  ${slug.padEnd(34)} p50 ${percentile(timings, 50).toFixed(0).padStart(6)} ms  p95 ${percentile(timings, 95).toFixed(0).padStart(6)} ms  ${String(total).padStart(9)} rows  XLSX refused (over ${exportRowLimit(columnCount).toLocaleString('en')} rows)`
      )
      continue
    }
    // The full export as the export button makes it (the report's own XLSX writer, values as
    // the page shows them), counted and thrown away.
    const exportStart = performance.now()
    const run = await report.run(params, context, { perPage: 1 })
    const document = await buildReportDocument({
      slug,
      definition: report,
      run,
      i18n: i18nManager.locale('en'),
      preferences: { timezone: ZONE, dateFormat: 'dd.MM.yyyy' },
      company: { id: companyId, name: 'Bench' },
    })
    const output = new PassThrough()
    let bytes = 0
    output.on('data', (chunk: Buffer) => (bytes += chunk.length))
    const finished = new Promise((resolve) => output.on('end', resolve))
    await writeReportXlsx(output, document)
    if (!output.writableEnded) output.end()
    await finished
    const exportSeconds = (performance.now() - exportStart) / 1000

    const line = {
      slug,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      rows: total,
      exportSeconds,
      bytes,
    }
    results.push(line)
    console.log(
      `  ${slug.padEnd(34)} p50 ${line.p50.toFixed(0).padStart(6)} ms  p95 ${line.p95.toFixed(0).padStart(6)} ms  ${String(total).padStart(9)} rows  XLSX ${exportSeconds.toFixed(1)} s (${(bytes / 1e6).toFixed(1)} MB)`
    )
  }

  if (IN_PROCESS) printInProcess()
  function printInProcess() {
    console.log(
      `\n| report | first page p50 | first page p95 | rows | full XLSX export |\n| --- | --- | --- | --- | --- |`
    )
    for (const line of results) {
      console.log(
        `| ${line.slug} | ${line.p50.toFixed(0)} ms | ${line.p95.toFixed(0)} ms | ${line.more ? 'over ' : ''}${line.rows.toLocaleString('en')} | ${line.exportSeconds === null ? 'refused (over the limit)' : `${line.exportSeconds.toFixed(1)} s`} |`
      )
    }
    const slow = results.filter((line) => line.p95 >= 1000)
    console.log(
      slow.length === 0
        ? `\nEvery report's first page p95 is under 1 s on ${generated.positions.toLocaleString('en')} positions.`
        : `\nOver the 1 s target (p95): ${slow.map((line) => line.slug).join(', ')}`
    )
  }
  if (PAGES) {
    const { routeTable } = await import('#shared/route_table')
    const { reportRoute } = await import('#reports/engine/definition')
    // Every engine report, the fleet pages served at their own routes (HR, vehicle checks,
    // inventory) included.
    const reports = Object.entries(reportsBySlug)
      .filter(([slug]) => !ONLY || ONLY.includes(slug))
      .map(([slug, report]) => ({
        slug,
        path: (routeTable as Record<string, { en: string }>)[reportRoute(report)].en,
      }))
    const { freePort } = await embeddedPostgresModule(root)
    await measureFirstRows({
      root,
      env: process.env,
      port: await freePort(),
      email: await createBenchManager(companyId),
      reports,
      params: params as Record<string, string>,
      runs: PAGE_RUNS,
    })
  }
  await removeCompany()
  // Stops what the providers started (database pools, Redis, the mailer), not only Lucid.
  await app.terminate()
} finally {
  await database.stop()
}
// A provider's timer or socket left open must not keep a finished benchmark waiting.
process.exit(process.exitCode ?? 0)
