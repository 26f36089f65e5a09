import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { bearingDegrees, compassPoint } from '#services/geocoder/compass'
import { TownIndex, geoNamesTowns } from '#services/geocoder/towns'
import { CompanyPlaces } from '#services/geocoder/company_places'
import { PlaceCache } from '#services/geocoder/place_cache'
import { AddressEngine } from '#services/geocoder/address_engine'
import {
  ReverseGeocoder,
  formatPlace,
  parseCoordinates,
  type Translate,
} from '#services/geocoder/reverse_geocoder'

const towns = new TownIndex([
  { name: 'Kadıköy', region: 'İstanbul', latitude: 40.9903, longitude: 29.0205 },
  { name: 'Tuzla', region: 'İstanbul', latitude: 40.8161, longitude: 29.3006 },
  { name: 'Ankara', region: 'Ankara', latitude: 39.9199, longitude: 32.8543 },
])

const depot = {
  name: 'Depot Tuzla',
  shape: {
    type: 'polygon' as const,
    points: [
      [40.83, 29.31],
      [40.83, 29.33],
      [40.85, 29.33],
      [40.85, 29.31],
    ] as [number, number][],
  },
}
const office = { id: 1, name: 'Head office', latitude: 40.99, longitude: 29.03 }

function translator(locale: string): Translate {
  const i18n = i18nManager.locale(locale)
  return (key, values) => i18n.t(key, values as any)
}

test.group('Geocoder | compass and towns', () => {
  test('bearing and compass point of a direction', ({ assert }) => {
    assert.closeTo(bearingDegrees(40, 29, 41, 29), 0, 0.01)
    assert.closeTo(bearingDegrees(40, 29, 40, 30), 89.7, 0.5)
    assert.equal(compassPoint(bearingDegrees(40, 29, 40.02, 29.026)), 'NE')
    assert.equal(compassPoint(bearingDegrees(40, 29, 39.9, 29)), 'S')
    assert.equal(compassPoint(350), 'N')
    assert.equal(compassPoint(-90), 'W')
  })

  test('the nearest town with distance and where the point lies from it', ({ assert }) => {
    const near = towns.nearest(40.9905, 29.0207)!
    assert.equal(near.name, 'Kadıköy')
    assert.isBelow(near.distanceMetres, 50)
    const away = towns.nearest(41.0093, 29.0445)!
    assert.equal(away.name, 'Kadıköy')
    assert.closeTo(away.distanceMetres, 2900, 150)
    assert.equal(away.bearing, 'NE')
    assert.isNull(towns.nearest(34, 20), 'open sea, 100 km from any town')
    assert.isNull(new TownIndex([]).nearest(40, 29))
  })

  test('the GeoNames package names places in Turkey', ({ assert }) => {
    const index = geoNamesTowns()
    assert.isAbove(index.size, 100_000)
    const istanbul = index.nearest(41.0138, 28.9497)!
    assert.equal(istanbul.region, 'Istanbul')
    assert.isBelow(istanbul.distanceMetres, 1000)
    assert.equal(index.nearest(39.92, 32.85)!.region, 'Ankara')
    const started = performance.now()
    for (let i = 0; i < 5000; i++) index.nearest(40 + (i % 100) / 100, 29 + (i % 37) / 37)
    assert.isBelow(performance.now() - started, 1000, '5,000 lookups well under a second')
  })

  test('coordinates text as a point', ({ assert }) => {
    assert.deepEqual(parseCoordinates('41.100747, 29.024247'), {
      latitude: 41.100747,
      longitude: 29.024247,
    })
    assert.deepEqual(parseCoordinates('-33.5,-70.25'), { latitude: -33.5, longitude: -70.25 })
    assert.isNull(parseCoordinates('nowhere'))
    assert.isNull(parseCoordinates(null))
  })
})

test.group('Geocoder | names', () => {
  test('geofences and buildings first, then the nearest town', async ({ assert }) => {
    const geocoder = new ReverseGeocoder(new CompanyPlaces([depot], [office]), towns, null, 'en')
    const names = await geocoder.names(
      [
        { latitude: 40.84, longitude: 29.32 },
        { latitude: 40.9901, longitude: 29.0301 },
        { latitude: 40.9905, longitude: 29.0207 },
        { latitude: 41.0093, longitude: 29.0445 },
        null,
      ],
      translator('en')
    )
    assert.deepEqual(names, [
      'Depot Tuzla',
      'Head office',
      'Kadıköy, İstanbul',
      '2.9 km NE of Kadıköy, İstanbul',
      null,
    ])
  })

  test('distance and bearing in Turkish', async ({ assert }) => {
    const geocoder = new ReverseGeocoder(new CompanyPlaces([], []), towns, null, 'tr')
    const [far, ankara] = await geocoder.names(
      [
        { latitude: 41.0093, longitude: 29.0445 },
        { latitude: 39.9199, longitude: 32.8543 },
      ],
      translator('tr')
    )
    assert.equal(far, 'Kadıköy, İstanbul (2,9 km KD)')
    assert.equal(ankara, 'Ankara', 'a town named like its province is named once')
  })

  test('a building only names points within 150 m of it', ({ assert }) => {
    const places = new CompanyPlaces([], [office])
    assert.equal(places.nameAt(40.991, 29.03), 'Head office')
    assert.isNull(places.nameAt(40.993, 29.03))
  })

  test('a far place reads whole kilometres', ({ assert }) => {
    const text = formatPlace(
      { kind: 'town', name: 'Tuzla', region: 'İstanbul', distanceMetres: 12_600, bearing: 'SW' },
      'en',
      translator('en')
    )
    assert.equal(text, '13 km SW of Tuzla, İstanbul')
  })
})

test.group('Geocoder | cache', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('a cached street address wins over the town, keyed by the rounded coordinate', async ({
    assert,
  }) => {
    const cache = new PlaceCache(db.connection())
    await cache.store(40.99411, 29.02871, 'en', 'Bahariye Caddesi 10, Caferağa, Kadıköy')
    await cache.store(40.99611, 29.02871, 'en', null)
    const found = await cache.lookup(
      [
        { latitude: 40.994112, longitude: 29.028708 },
        { latitude: 40.99611, longitude: 29.02871 },
        { latitude: 41.5, longitude: 29.5 },
      ],
      'en'
    )
    assert.equal(
      found.get(PlaceCache.keyOf(40.99411, 29.02871)),
      'Bahariye Caddesi 10, Caferağa, Kadıköy'
    )
    assert.isTrue(found.has(PlaceCache.keyOf(40.99611, 29.02871)))
    assert.isNull(found.get(PlaceCache.keyOf(40.99611, 29.02871)))
    assert.isFalse(found.has(PlaceCache.keyOf(41.5, 29.5)))
    assert.equal((await cache.lookup([{ latitude: 40.99411, longitude: 29.02871 }], 'tr')).size, 0)

    const geocoder = new ReverseGeocoder(new CompanyPlaces([depot], []), towns, cache, 'en')
    const names = await geocoder.names(
      [
        { latitude: 40.994109, longitude: 29.028712 },
        { latitude: 40.99611, longitude: 29.02871 },
        { latitude: 40.84, longitude: 29.32 },
      ],
      translator('en')
    )
    assert.equal(names[0], 'Bahariye Caddesi 10, Caferağa, Kadıköy')
    assert.match(names[1]!, /Kadıköy, İstanbul$/, 'no address: the town')
    assert.equal(names[2], 'Depot Tuzla', 'the company place before the cache')
  })
})

/** A stand-in Nominatim or Photon: answers /reverse from the query, and counts the requests. */
async function standIn(answer: (url: URL) => unknown) {
  const requests: { url: URL; at: number }[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push({ url, at: Date.now() })
    const body = answer(url)
    if (body === undefined) {
      response.writeHead(500).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests, close: () => void server.close() }
}

test.group('Geocoder | street address engine', () => {
  test('Nominatim: a short address in the asked language, at the configured rate', async ({
    assert,
    cleanup,
  }) => {
    const nominatim = await standIn((url) =>
      url.pathname === '/reverse' && url.searchParams.get('lat') === '40.99411'
        ? {
            display_name: 'long text',
            address: {
              road:
                url.searchParams.get('accept-language') === 'tr'
                  ? 'Bahariye Caddesi'
                  : 'Bahariye Street',
              house_number: '10',
              suburb: 'Caferağa',
              town: 'Kadıköy',
            },
          }
        : { error: 'Unable to geocode' }
    )
    cleanup(() => nominatim.close())
    const engine = new AddressEngine({
      url: `${nominatim.url}/`,
      kind: 'nominatim',
      ratePerSecond: 5,
    })
    assert.equal(
      await engine.reverse(40.99411, 29.02871, 'tr'),
      'Bahariye Caddesi 10, Caferağa, Kadıköy'
    )
    const [english, none] = await Promise.all([
      engine.reverse(40.99411, 29.02871, 'en'),
      engine.reverse(10, 10, 'en'),
    ])
    assert.equal(english, 'Bahariye Street 10, Caferağa, Kadıköy')
    assert.isNull(none)
    assert.equal(nominatim.requests[0].url.searchParams.get('format'), 'jsonv2')
    const gaps = nominatim.requests.slice(1).map((r, i) => r.at - nominatim.requests[i].at)
    for (const gap of gaps) assert.isAtLeast(gap, 195, 'at most 5 requests a second')
  })

  test('Photon: the first feature; an engine error answers undefined', async ({
    assert,
    cleanup,
  }) => {
    const photon = await standIn((url) =>
      url.searchParams.get('lat') === '1'
        ? undefined
        : {
            features: [
              { properties: { street: 'İskele Caddesi', housenumber: '3', city: 'Tuzla' } },
            ],
          }
    )
    cleanup(() => photon.close())
    const engine = new AddressEngine({ url: photon.url, kind: 'photon', ratePerSecond: 50 })
    assert.equal(await engine.reverse(40.81, 29.3, 'tr'), 'İskele Caddesi 3, Tuzla')
    assert.isNull(photon.requests[0].url.searchParams.get('lang'))
    assert.isUndefined(await engine.reverse(1, 1, 'en'), 'a failure is not an answer')
    assert.equal(photon.requests[1].url.searchParams.get('lang'), 'en')
  })
})
