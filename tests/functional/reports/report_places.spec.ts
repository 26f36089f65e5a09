import { test } from '@japa/runner'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import geocoderConfig from '#config/geocoder'
import { PlaceResolutionJob } from '#jobs/place_resolution_job'
import { AddressEngine } from '#services/geocoder/address_engine'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'
import { playbackQuery } from '#shared/report_links'

const ZONE = 'Europe/Istanbul'

/** A company whose van drove yesterday from its depot (41, 29) to 41.05, 29.05. */
async function seeded() {
  const member = await createMember({ role: 'manager' })
  member.user.timezone = ZONE
  await member.user.save()
  const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  await addTrip(van, member.company, {
    start: yesterday.plus({ hours: 8 }),
    distance: 9000,
    duration: 900,
  })
  const depot = {
    type: 'circle',
    center: [41, 29],
    radius: 300,
  }
  await db.table('geofences').insert({
    company_id: member.company.id,
    name: 'Depo Tuzla',
    shape: JSON.stringify(depot),
    created_at: new Date(),
  })
  return { ...member, van, yesterday }
}

function csvLines(text: string) {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
}

test.group('Places in reports', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('the page and the export name places, in the reader’s language, coordinates beside them', async ({
    client,
    assert,
  }) => {
    const { user } = await seeded()
    const page = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    page.assertStatus(200)
    const [row] = (page.inertiaProps as Record<string, any>).result.page.data
    assert.equal(row.startPlace, 'Depo Tuzla')
    assert.equal(row.startCoordinates, '41.000000, 29.000000')
    // GeoNames' nearest town, within a kilometre: the town itself.
    assert.equal(row.endPlace, 'Çengelköy, Istanbul')
    assert.equal(row.endCoordinates, '41.050000, 29.050000')

    const tr = await client
      .get('/tr/panel/raporlar/sefer-ozeti/export')
      .qs({ period: 'yesterday', format: 'csv' })
      .loginAs(user)
    tr.assertStatus(200)
    const [header, line] = csvLines(tr.text())
    assert.include(header, 'Başlangıç koordinatları')
    assert.include(line, 'Depo Tuzla')
    assert.include(line, 'Çengelköy, Istanbul')
    assert.include(line, '41.050000, 29.050000')
  })

  test('another company’s geofence never names a place', async ({ client, assert }) => {
    const { user } = await seeded()
    const other = await seeded()
    await db
      .from('geofences')
      .where('company_id', other.company.id)
      .update({
        name: 'Their yard',
        shape: JSON.stringify({ type: 'circle', center: [41.05, 29.05], radius: 300 }),
      })
    const page = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    const [row] = (page.inertiaProps as Record<string, any>).result.page.data
    assert.notEqual(row.endPlace, 'Their yard')
  })

  test('street addresses are resolved by the job off the request path, then shown', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { user } = await seeded()
    let failing = true
    const asked: string[] = []
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      asked.push(`${url.searchParams.get('lat')},${url.searchParams.get('lon')}`)
      if (failing) return void response.writeHead(503).end()
      const english = url.searchParams.get('accept-language') === 'en'
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          address: {
            road: english ? 'Coast Road' : 'Sahil Yolu',
            house_number: '5',
            town: 'Sarıyer',
          },
        })
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup(() => void server.close())
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const previous = geocoderConfig.url
    geocoderConfig.url = url
    cleanup(() => {
      geocoderConfig.url = previous
    })
    const job = new PlaceResolutionJob(
      new AddressEngine({ url, kind: 'nominatim', ratePerSecond: 100 }),
      100
    )

    // The engine is down: nothing is cached, so the points are asked again at the next run.
    assert.equal((await job.run(DateTime.now())).affected, 0)
    assert.isAbove(asked.length, 0)
    failing = false
    const resolved = await job.run(DateTime.now())
    assert.isAtLeast(resolved.affected, 4, 'start and end, in English and Turkish')
    assert.include(asked, '41.05,29.05')
    asked.length = 0
    await job.run(DateTime.now())
    assert.notInclude(asked, '41.05,29.05', 'a cached point is not asked again')

    const page = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    const [row] = (page.inertiaProps as Record<string, any>).result.page.data
    assert.equal(row.startPlace, 'Depo Tuzla', 'the company’s own place still comes first')
    assert.equal(row.endPlace, 'Coast Road 5, Sarıyer')
    const tr = await client
      .get('/tr/panel/raporlar/sefer-ozeti')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    assert.equal(
      (tr.inertiaProps as Record<string, any>).result.page.data[0].endPlace,
      'Sahil Yolu 5, Sarıyer'
    )
  })

  test('a trip, parking, idle or alarm row opens the history playback at its moment', async ({
    client,
    assert,
  }) => {
    const { user, van, yesterday } = await seeded()
    const page = await client
      .get('/tr/panel/raporlar/sefer-ozeti')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    const props = page.inertiaProps as Record<string, any>
    assert.deepEqual(props.report.playback, { time: 'startTime', until: 'endTime' })
    assert.notInclude(
      props.report.columns.map((column: { name: string }) => column.name),
      'deviceId',
      'the vehicle id only serves the link'
    )
    const [row] = props.result.page.data
    assert.equal(row.deviceId, van.id)
    const query = playbackQuery(row, props.report.playback)!
    const day = yesterday.toISODate()
    assert.equal(
      query.toString(),
      `deviceId=${van.id}&from=${day}&to=${day}&at=${day}T08%3A00%3A00`
    )

    for (const slug of ['parking-duration', 'idle-times', 'all-alarms']) {
      const other = await client.get(`/backend/reports/${slug}`).withInertia().loginAs(user)
      assert.isNotNull((other.inertiaProps as Record<string, any>).report.playback, slug)
    }

    const history = await client
      .get('/tr/panel/gecmis')
      .qs(Object.fromEntries(query))
      .withInertia()
      .loginAs(user)
    history.assertStatus(200)
    const selection = (history.inertiaProps as Record<string, any>).selection
    assert.equal(selection.deviceId, van.id)
    assert.equal(
      DateTime.fromISO(selection.at).toMillis(),
      yesterday.plus({ hours: 8 }).toMillis(),
      'the playback opens at the trip’s start'
    )
    const outside = await client
      .get('/backend/history')
      .qs({
        deviceId: van.id,
        from: day,
        to: day,
        at: `${yesterday.plus({ days: 3 }).toISODate()}T08:00`,
      })
      .withInertia()
      .loginAs(user)
    assert.isNull((outside.inertiaProps as Record<string, any>).selection.at)

    const csv = await client
      .get('/backend/reports/trip-summary/export')
      .qs({ period: 'yesterday', format: 'csv' })
      .loginAs(user)
    const [header] = csvLines(csv.text())
    assert.notInclude(header.toLowerCase(), 'device')
    assert.equal(header.split(',').length, props.report.columns.length)
  })
})
