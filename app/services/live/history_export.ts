import { DateTime } from 'luxon'
import { csvRecords } from '#services/exports/spreadsheet_cells'

/**
 * History exports: GPX 1.1 and KML 2.2 tracks (valid fixes only) and CSV (every position and
 * column). Each format is a header, one piece per position and a footer, so the controller
 * streams a month of positions batch by batch.
 */
export type ExportFormat = 'gpx' | 'kml' | 'csv'

export interface ExportPosition {
  fix_time: Date
  server_time: Date
  latitude: number
  longitude: number
  speed: number
  course: number
  altitude: number
  satellites: number
  valid: boolean
  attributes: Record<string, unknown>
}

export interface ExportMeta {
  vehicle: string
  imei: string
  from: Date
  to: Date
  timezone: string
  /** The CSV dialect of the export's language (docs/exports.md): `,` and `1.5` by default. */
  delimiter?: ',' | ';' | '\t'
  decimalMark?: '.' | ','
}

export const exportContentTypes: Record<ExportFormat, string> = {
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const coordinate = (value: number) => Number(value.toFixed(7)).toString()

export function gpxHeader(meta: ExportMeta): string {
  const name = escapeXml(`${meta.vehicle} ${meta.from.toISOString()} – ${meta.to.toISOString()}`)
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="FleetTrack" xmlns="http://www.topografix.com/GPX/1/1" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n' +
    `<metadata><name>${name}</name><time>${new Date().toISOString()}</time></metadata>\n` +
    `<trk><name>${escapeXml(meta.vehicle)}</name><desc>IMEI ${escapeXml(meta.imei)}</desc><trkseg>\n`
  )
}

/** A track point; speed (km/h) and course travel in the description, which GPX 1.1 allows. */
export function gpxPoint(position: ExportPosition): string {
  return (
    `<trkpt lat="${coordinate(position.latitude)}" lon="${coordinate(position.longitude)}">` +
    `<ele>${Math.round(position.altitude)}</ele>` +
    `<time>${position.fix_time.toISOString()}</time>` +
    `<desc>${Math.round(position.speed)} km/h, ${Math.round(position.course)}°</desc>` +
    `<sat>${position.satellites}</sat>` +
    '</trkpt>\n'
  )
}

export function gpxFooter(): string {
  return '</trkseg></trk>\n</gpx>\n'
}

export function kmlHeader(meta: ExportMeta): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n' +
    `<name>${escapeXml(meta.vehicle)}</name>\n` +
    `<description>IMEI ${escapeXml(meta.imei)}, ${meta.from.toISOString()} – ${meta.to.toISOString()}</description>\n` +
    '<Style id="track"><LineStyle><color>ff88940d</color><width>4</width></LineStyle></Style>\n' +
    `<Placemark><name>${escapeXml(meta.vehicle)}</name><styleUrl>#track</styleUrl>` +
    '<LineString><tessellate>1</tessellate><altitudeMode>clampToGround</altitudeMode><coordinates>\n'
  )
}

/** KML orders coordinates longitude, latitude, altitude. */
export function kmlCoordinate(position: ExportPosition): string {
  return `${coordinate(position.longitude)},${coordinate(position.latitude)},${Math.round(position.altitude)}\n`
}

export function kmlFooter(first: ExportPosition | null, last: ExportPosition | null): string {
  const point = (name: string, position: ExportPosition) =>
    `<Placemark><name>${name}</name><TimeStamp><when>${position.fix_time.toISOString()}</when></TimeStamp>` +
    `<Point><coordinates>${kmlCoordinate(position).trim()}</coordinates></Point></Placemark>\n`
  return (
    '</coordinates></LineString></Placemark>\n' +
    (first ? point('Start', first) : '') +
    (last ? point('End', last) : '') +
    '</Document>\n</kml>\n'
  )
}

export const csvColumns = [
  'vehicle',
  'imei',
  'fix_time',
  'local_time',
  'server_time',
  'latitude',
  'longitude',
  'speed_kmh',
  'course',
  'altitude_m',
  'satellites',
  'valid',
  'attributes',
] as const

export function csvHeader(meta?: Pick<ExportMeta, 'delimiter'>): string {
  return csvRecords([[...csvColumns]], '\r\n', meta?.delimiter ?? ',')
}

function csvValues(position: ExportPosition, meta: ExportMeta): unknown[] {
  const local = DateTime.fromJSDate(position.fix_time, { zone: meta.timezone })
  // Turkish spreadsheets read "41,0123456" as a number and "41.0123456" as text.
  const decimal =
    meta.decimalMark === ','
      ? (value: number) => String(value).replace('.', ',')
      : (value: number) => value
  return [
    meta.vehicle,
    meta.imei,
    position.fix_time.toISOString(),
    local.toFormat('yyyy-MM-dd HH:mm:ss'),
    position.server_time.toISOString(),
    decimal(position.latitude),
    decimal(position.longitude),
    decimal(Math.round(position.speed * 10) / 10),
    Math.round(position.course),
    Math.round(position.altitude),
    position.satellites,
    position.valid,
    JSON.stringify(position.attributes ?? {}),
  ]
}

export function csvRow(position: ExportPosition, meta: ExportMeta): string {
  return csvRecords([csvValues(position, meta)], '\r\n', meta.delimiter ?? ',')
}

/** The whole document of a format, piece by piece, from batches of positions in time order. */
export async function* exportDocument(
  format: ExportFormat,
  meta: ExportMeta,
  batches: AsyncIterable<ExportPosition[]>
): AsyncGenerator<string> {
  let first: ExportPosition | null = null
  let last: ExportPosition | null = null
  yield format === 'gpx' ? gpxHeader(meta) : format === 'kml' ? kmlHeader(meta) : csvHeader(meta)
  for await (const batch of batches) {
    if (format === 'csv') {
      if (batch.length > 0) {
        yield csvRecords(
          batch.map((position) => csvValues(position, meta)),
          '\r\n',
          meta.delimiter ?? ','
        )
      }
      continue
    }
    let chunk = ''
    for (const position of batch) {
      if (!position.valid) continue
      first ??= position
      last = position
      chunk += format === 'gpx' ? gpxPoint(position) : kmlCoordinate(position)
    }
    if (chunk) yield chunk
  }
  yield format === 'gpx' ? gpxFooter() : format === 'kml' ? kmlFooter(first, last) : ''
}

/** A file name of ASCII letters, digits and dashes: the vehicle and the local dates. */
export function exportFileName(meta: ExportMeta, format: ExportFormat): string {
  const vehicle =
    meta.vehicle
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'vehicle'
  const day = (date: Date) => DateTime.fromJSDate(date, { zone: meta.timezone }).toISODate()
  const lastDay = new Date(meta.to.getTime() - 1)
  const from = day(meta.from)
  const to = day(lastDay)
  return `${vehicle}_${from}${to === from ? '' : `_${to}`}.${format}`
}
