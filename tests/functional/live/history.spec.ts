import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { SaxesParser } from 'saxes'
import { createMember } from '#tests/helpers/accounts'
import { addEvent, addStop, createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

/** Parses a whole XML document strictly (saxes throws on anything not well-formed). */
function parseXml(source: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false })
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    }
    if (stack.length > 0) stack[stack.length - 1].children.push(element)
    else root = element
    stack.push(element)
  })
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1].text += text
  })
  parser.on('closetag', () => stack.pop())
  parser.write(source).close()
  if (!root) throw new Error('No root element')
  return root
}

function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  for (const child of element.children) {
    if (child.name === name) found.push(child)
    found.push(...findAll(child, name))
  }
  return found
}

/** The user (Istanbul time), their vehicle and yesterday's 08:00 trip of 30 fixes, 2 invalid. */
async function seededHistory() {
  const { user, company } = await createMember()
  user.timezone = ZONE
  await user.save()
  const vehicle = await createVehicle(company, { name: 'Truck 1', plate: '34 TR 001' })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  const trip = await seedTrip(vehicle, company, {
    start: yesterday.plus({ hours: 8 }),
    count: 30,
    intervalSeconds: 30,
    invalidAt: [5, 6],
  })
  await addStop(vehicle, company, { start: yesterday.plus({ hours: 9 }), duration: 1200 })
  await addEvent(vehicle, company, { code: 'A102', time: yesterday.plus({ hours: 8, minutes: 5 }) })
  await addEvent(vehicle, company, { code: '100', state: 'A', time: yesterday.plus({ hours: 8 }) })
  return { user, company, vehicle, trip, yesterday }
}

test.group('History', () => {
  test('shows yesterday by default: track of valid fixes, trips, parkings, alarms', async ({
    client,
    assert,
  }) => {
    const { user, vehicle, trip, yesterday } = await seededHistory()
    const response = await client
      .get(`/backend/history?deviceId=${vehicle.id}`)
      .withInertia()
      .loginAs(user)
    response.assertStatus(200)
    response.assertInertiaComponent('history/index')
    const props = response.inertiaProps as Record<string, any>

    assert.deepEqual(props.selection, {
      deviceId: vehicle.id,
      from: `${yesterday.toISODate()}T00:00`,
      to: `${yesterday.toISODate()}T23:59`,
      error: null,
      at: null,
    })
    const valid = trip.positions.filter((position) => position.valid)
    assert.lengthOf(props.history.points, valid.length)
    assert.deepEqual(props.history.points[0], [
      valid[0].fixTime.toMillis(),
      valid[0].latitude,
      valid[0].longitude,
      0,
      45,
    ])
    const times = props.history.points.map((point: number[]) => point[0])
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'in time order'
    )
    assert.isFalse(props.history.truncated)
    assert.lengthOf(props.history.trips, 1)
    assert.equal(props.history.trips[0].distance, trip.distance)
    assert.lengthOf(props.history.stops, 1)
    // Parkings and alarms are named (a town here), not coordinates.
    assert.match(props.history.stops[0].place, /\p{L}{3}/u)
    assert.notMatch(props.history.stops[0].place, /^-?\d+\.\d+, /)
    assert.isString(props.history.alarms[0].place)
    // The trip list names where each trip started and ended.
    assert.match(props.history.trips[0].startPlace, /\p{L}{3}/u)
    assert.match(props.history.trips[0].endPlace, /\p{L}{3}/u)
    assert.deepEqual(
      props.history.alarms.map((alarm: { code: string }) => alarm.code),
      ['A102']
    )
    assert.equal(props.history.summary.distance, trip.distance)
    assert.deepEqual(
      props.vehicles.map((item: { id: number }) => item.id),
      [vehicle.id]
    )
  })

  test('a period that misses the trip shows nothing; a range longer than 31 days is refused', async ({
    client,
    assert,
  }) => {
    const { user, vehicle, yesterday } = await seededHistory()
    const early = await client
      .get('/backend/history')
      .qs({
        deviceId: vehicle.id,
        from: `${yesterday.toISODate()}T00:00`,
        to: `${yesterday.toISODate()}T07:59`,
      })
      .withInertia()
      .loginAs(user)
    const earlyProps = early.inertiaProps as Record<string, any>
    assert.lengthOf(earlyProps.history.points, 0)
    assert.lengthOf(earlyProps.history.trips, 0)

    const long = await client
      .get('/backend/history')
      .qs({ deviceId: vehicle.id, from: '2026-01-01', to: '2026-03-01' })
      .withInertia()
      .loginAs(user)
    long.assertStatus(422)
    const longProps = long.inertiaProps as Record<string, any>
    assert.equal(longProps.selection.error, 'too_long')
    assert.isNull(longProps.history)
  })

  test('without a vehicle the page asks for one', async ({ client, assert }) => {
    const { user } = await seededHistory()
    const response = await client.get('/tr/panel/gecmis').loginAs(user)
    response.assertStatus(200)
    assert.include(response.text(), 'Araç seçin')
  })

  test("another company's vehicle answers 404 for the page and the exports", async ({ client }) => {
    const { vehicle } = await seededHistory()
    const stranger = await createMember()
    for (const path of ['', '/export.gpx', '/export.kml', '/export.csv']) {
      const response = await client
        .get(`/backend/history${path}`)
        .qs({ deviceId: vehicle.id })
        .loginAs(stranger.user)
      response.assertStatus(404)
    }
  })

  test('GPX export: a valid GPX 1.1 track of the valid fixes', async ({ client, assert }) => {
    const { user, vehicle, trip } = await seededHistory()
    const response = await client
      .get('/backend/history/export.gpx')
      .qs({ deviceId: vehicle.id })
      .loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^application\/gpx\+xml/)
    assert.match(
      response.header('content-disposition')!,
      /attachment; filename="34-TR-001_\d{4}-\d{2}-\d{2}\.gpx"/
    )

    const gpx = parseXml(response.text())
    assert.equal(gpx.name, 'gpx')
    assert.equal(gpx.attributes.version, '1.1')
    const points = findAll(gpx, 'trkpt')
    const valid = trip.positions.filter((position) => position.valid)
    assert.lengthOf(points, valid.length)
    assert.equal(Number(points[0].attributes.lat), valid[0].latitude)
    assert.equal(Number(points[0].attributes.lon), valid[0].longitude)
    const firstTime = points[0].children.find((child) => child.name === 'time')!
    assert.equal(firstTime.text, valid[0].fixTime.toUTC().toISO({ suppressMilliseconds: false }))
  })

  test('KML export: a LineString with lon,lat,alt coordinates of the valid fixes', async ({
    client,
    assert,
  }) => {
    const { user, vehicle, trip } = await seededHistory()
    const response = await client
      .get('/tr/panel/gecmis/export.kml')
      .qs({ deviceId: vehicle.id })
      .loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /kml/)
    const kml = parseXml(response.text())
    assert.equal(kml.name, 'kml')
    const line = findAll(kml, 'LineString')[0]
    const coordinates = line.children
      .find((child) => child.name === 'coordinates')!
      .text.trim()
      .split(/\s+/)
    const valid = trip.positions.filter((position) => position.valid)
    assert.lengthOf(coordinates, valid.length)
    assert.equal(coordinates[0], `${valid[0].longitude},${valid[0].latitude},100`)
  })

  test('CSV export: every position with every column', async ({ client, assert }) => {
    const { user, vehicle, trip } = await seededHistory()
    const response = await client
      .get('/backend/history/export.csv')
      .qs({ deviceId: vehicle.id })
      .loginAs(user)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^text\/csv/)
    const lines = response.text().trim().split('\r\n')
    assert.equal(
      lines[0],
      'vehicle,imei,fix_time,local_time,server_time,latitude,longitude,speed_kmh,course,altitude_m,satellites,valid,attributes'
    )
    const rows = lines.slice(1)
    assert.lengthOf(rows, trip.positions.length, 'invalid fixes included')
    const sixth = rows[5].split(',')
    assert.equal(sixth[0], '34 TR 001')
    assert.equal(sixth[1], vehicle.imei)
    assert.equal(sixth[2], trip.positions[5].fixTime.toUTC().toISO())
    assert.equal(sixth[3], trip.positions[5].fixTime.setZone(ZONE).toFormat('yyyy-MM-dd HH:mm:ss'))
    assert.equal(Number(sixth[5]), trip.positions[5].latitude)
    assert.equal(sixth[11], 'false')
    assert.match(rows[0], /"\{""ignition"":true,""odometer"":1000\}"$/)
  })

  test('CSV export in Turkish: ";" and decimal commas, or the separator chosen', async ({
    client,
    assert,
  }) => {
    const { user, vehicle, trip } = await seededHistory()
    const response = await client
      .get('/tr/panel/gecmis/export.csv')
      .qs({ deviceId: vehicle.id })
      .loginAs(user)
    response.assertStatus(200)
    const lines = response.text().trim().split('\r\n')
    assert.isTrue(lines[0].startsWith('vehicle;imei;fix_time;'))
    const sixth = lines[6].split(';')
    assert.equal(sixth[5], String(trip.positions[5].latitude).replace('.', ','))

    const comma = await client
      .get('/tr/panel/gecmis/export.csv')
      .qs({ deviceId: vehicle.id, separator: 'comma' })
      .loginAs(user)
    comma.assertStatus(200)
    const row = comma.text().trim().split('\r\n')[6].split(',')
    assert.equal(Number(row[5]), trip.positions[5].latitude)
  })

  test('exports need a vehicle and a period of at most 31 days', async ({ client }) => {
    const { user, vehicle } = await seededHistory()
    const missing = await client.get('/backend/history/export.csv').loginAs(user)
    missing.assertStatus(400)
    const long = await client
      .get('/backend/history/export.gpx')
      .qs({ deviceId: vehicle.id, from: '2026-01-01', to: '2026-03-01' })
      .loginAs(user)
    long.assertStatus(422)
  })
})
