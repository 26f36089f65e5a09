import { test } from '@japa/runner'
import {
  csvHeader,
  csvRow,
  escapeXml,
  exportDocument,
  exportFileName,
  gpxPoint,
  kmlCoordinate,
  kmlFooter,
  type ExportMeta,
  type ExportPosition,
} from '#services/live/history_export'

const meta: ExportMeta = {
  vehicle: '34 ÇŞ <01>',
  imei: '356307042441013',
  from: new Date('2026-11-20T21:00:00Z'),
  to: new Date('2026-11-21T21:00:00Z'),
  timezone: 'Europe/Istanbul',
}

function position(overrides: Partial<ExportPosition> = {}): ExportPosition {
  return {
    fix_time: new Date('2026-11-21T05:00:00.000Z'),
    server_time: new Date('2026-11-21T05:00:01.000Z'),
    latitude: 41.0123456,
    longitude: 28.9876543,
    speed: 54.44,
    course: 92.4,
    altitude: 31.6,
    satellites: 9,
    valid: true,
    attributes: { ignition: true },
    ...overrides,
  }
}

async function collect(format: 'gpx' | 'kml' | 'csv', batches: ExportPosition[][]) {
  async function* source() {
    yield* batches
  }
  let text = ''
  for await (const chunk of exportDocument(format, meta, source())) text += chunk
  return text
}

test.group('History export formatters', () => {
  test('escapes XML text and attribute values', ({ assert }) => {
    assert.equal(escapeXml(`a<b>&"c"'d'`), 'a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;')
  })

  test('a GPX track point has lat/lon attributes, elevation, UTC time, speed and satellites', ({
    assert,
  }) => {
    assert.equal(
      gpxPoint(position()),
      '<trkpt lat="41.0123456" lon="28.9876543"><ele>32</ele><time>2026-11-21T05:00:00.000Z</time>' +
        '<desc>54 km/h, 92°</desc><sat>9</sat></trkpt>\n'
    )
  })

  test('KML coordinates are longitude, latitude, altitude', ({ assert }) => {
    assert.equal(kmlCoordinate(position()), '28.9876543,41.0123456,32\n')
    assert.include(
      kmlFooter(position(), position({ latitude: 41.1 })),
      '<Placemark><name>End</name><TimeStamp><when>2026-11-21T05:00:00.000Z</when></TimeStamp><Point><coordinates>28.9876543,41.1,32</coordinates></Point></Placemark>'
    )
  })

  test('a CSV row never hands a spreadsheet a formula', ({ assert }) => {
    const row = csvRow(position(), {
      ...meta,
      vehicle: '=HYPERLINK("http://x","y")',
      imei: '@SUM(A1)',
    })
    assert.isTrue(row.startsWith(`"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1),`))
    assert.include(row, ',true,')
  })

  test('a CSV row holds every column, with the local time of the user', ({ assert }) => {
    const header = csvHeader().trim().split(',')
    const row = csvRow(position(), meta)
    assert.isTrue(row.endsWith('\r\n'))
    assert.deepEqual(row.trim().split(',').slice(0, 12), [
      '34 ÇŞ <01>',
      '356307042441013',
      '2026-11-21T05:00:00.000Z',
      '2026-11-21 08:00:00',
      '2026-11-21T05:00:01.000Z',
      '41.0123456',
      '28.9876543',
      '54.4',
      '92',
      '32',
      '9',
      'true',
    ])
    assert.lengthOf(header, 13)
    assert.isTrue(row.trim().endsWith('"{""ignition"":true}"'))
  })

  test('a Turkish CSV separates with ";" and writes decimal commas', ({ assert }) => {
    const turkish: ExportMeta = { ...meta, delimiter: ';', decimalMark: ',' }
    assert.equal(csvHeader(turkish).trim().split(';').length, 13)
    const cells = csvRow(position(), turkish).trim().split(';')
    assert.deepEqual(cells.slice(5, 12), [
      '41,0123456',
      '28,9876543',
      '54,4',
      '92',
      '32',
      '9',
      'true',
    ])
    assert.equal(cells[3], '2026-11-21 08:00:00')
  })

  test('GPX and KML leave invalid fixes out; CSV keeps every position', async ({ assert }) => {
    const batches = [
      [position(), position({ valid: false, fix_time: new Date('2026-11-21T05:00:30Z') })],
      [position({ fix_time: new Date('2026-11-21T05:01:00Z') })],
    ]
    const gpx = await collect('gpx', batches)
    assert.equal(gpx.match(/<trkpt /g)?.length, 2)
    assert.include(gpx, '<name>34 ÇŞ &lt;01&gt;</name>')
    assert.isTrue(gpx.trimEnd().endsWith('</gpx>'))

    const kml = await collect('kml', batches)
    const coordinates = /<coordinates>\n([\s\S]*?)<\/coordinates>/.exec(kml)![1].trim().split('\n')
    assert.lengthOf(coordinates, 2)

    const csv = await collect('csv', batches)
    assert.lengthOf(csv.trim().split('\r\n'), 1 + 3)
  })

  test('an empty range is still a complete document', async ({ assert }) => {
    const gpx = await collect('gpx', [])
    assert.include(gpx, '<trkseg>')
    assert.isTrue(gpx.trimEnd().endsWith('</trkseg></trk>\n</gpx>'))
    const kml = await collect('kml', [])
    assert.notInclude(kml, '<name>Start</name>')
    assert.equal(await collect('csv', []), csvHeader())
  })

  test('file names are ASCII: the vehicle and the local dates of the range', ({ assert }) => {
    assert.equal(exportFileName(meta, 'gpx'), '34-CS-01_2026-11-21.gpx')
    assert.equal(
      exportFileName(
        { ...meta, vehicle: 'Işık Kamyon', to: new Date('2026-11-23T21:00:00Z') },
        'csv'
      ),
      'Isik-Kamyon_2026-11-21_2026-11-23.csv'
    )
  })
})
