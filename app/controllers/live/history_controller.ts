import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { cardPlaces } from '#services/geocoder/card_places'
import { Readable } from 'node:stream'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import {
  MAX_TRACK_POINTS,
  alarmsBetween,
  companyVehicleOptions,
  positionBatches,
  stopsBetween,
  trackPoints,
  tripsBetween,
} from '#queries/live/history_track'
import { findCompanyVehicle } from '#queries/live/vehicle_detail'
import { isDeviceHidden } from '#services/billing/expiry_rule'
import HistoryTransformer, {
  historyAlarm,
  historyStop,
  historyTrip,
} from '#transformers/live/history_transformer'
import {
  exportContentTypes,
  exportDocument,
  exportFileName,
  type ExportFormat,
} from '#services/live/history_export'
import { MAX_HISTORY_DAYS, resolveHistoryRange } from '#services/live/history_range'
import { mapSettingsOf, preferencesOf } from '#services/live/user_preferences'
import { historyQueryValidator } from '#validators/live/live_validators'
import { exportDialect } from '#services/exports/typed_cells'

/** Trip history of one vehicle over a date range: track, trips, stops, alarms, exports. */
export default class HistoryController {
  async show(ctx: HttpContext) {
    const { inertia, request, auth } = ctx
    const { companyId, deviceGroupIds } = await vehicleScopeOf(ctx)
    const query = await historyQueryValidator.validate(request.qs())
    const preferences = preferencesOf(auth.user)
    const range = resolveHistoryRange(query, preferences.timezone)
    // A range that is invalid or too long reads nothing: the page asks for another one.
    if (range.error) ctx.response.status(422)
    const device = query.deviceId
      ? await findCompanyVehicle(companyId, query.deviceId, deviceGroupIds)
      : null
    // The expiry rule: an expired vehicle's history stays hidden until it is renewed.
    const hidden = device ? await isDeviceHidden(device.id) : false
    const error = range.error ?? (hidden ? ('expired' as const) : null)
    const at = query.at ? DateTime.fromISO(query.at, { zone: preferences.timezone }) : null

    const loadHistory = async () => {
      if (!device || error) return null
      const [track, trips, stops, alarms] = await Promise.all([
        trackPoints(device, range),
        tripsBetween(device, range),
        stopsBetween(device, range),
        alarmsBetween(device, range),
      ])
      const tripItems = trips.map(historyTrip)
      const stopItems = stops.map(historyStop)
      const alarmItems = alarms.map(historyAlarm)
      // Trip ends, parkings and alarms by place name (docs/geocoding.md), in the page's language.
      const name = cardPlaces(companyId, ctx.i18n.locale)
      const places = {
        trips: await name(
          tripItems.flatMap((trip) => [
            { latitude: trip.start.lat, longitude: trip.start.lon },
            { latitude: trip.end.lat, longitude: trip.end.lon },
          ])
        ),
        stops: await name(stopItems.map((stop) => ({ latitude: stop.lat, longitude: stop.lon }))),
        alarms: await name(
          alarmItems.map((alarm) =>
            alarm.lat === null || alarm.lon === null
              ? null
              : { latitude: alarm.lat, longitude: alarm.lon }
          )
        ),
      }
      return new HistoryTransformer({
        track,
        trips: tripItems,
        stops: stopItems,
        alarms: alarmItems,
        places,
      }).toObject()
    }

    return inertia.render('history/index', {
      map: mapSettingsOf(auth.user),
      limits: { maxDays: MAX_HISTORY_DAYS, maxPoints: MAX_TRACK_POINTS },
      vehicles: () =>
        companyVehicleOptions(companyId, deviceGroupIds).then((rows) =>
          rows.map((row) => ({
            id: row.id as number,
            name: row.name as string,
            plate: (row.plate as string | null) ?? null,
            imei: row.imei as string,
          }))
        ),
      selection: {
        deviceId: device?.id ?? null,
        from: range.input.from,
        to: range.input.to,
        error,
        // Only a moment inside the range: the playback opens there.
        at: at && at.isValid && at >= range.from && at < range.to ? at.toISO() : null,
      },
      history: loadHistory,
    })
  }

  exportGpx(ctx: HttpContext) {
    return this.export(ctx, 'gpx')
  }

  exportKml(ctx: HttpContext) {
    return this.export(ctx, 'kml')
  }

  exportCsv(ctx: HttpContext) {
    return this.export(ctx, 'csv')
  }

  /** Streams the range's positions from the database to the download. */
  private async export(ctx: HttpContext, format: ExportFormat) {
    const { request, response, auth, i18n } = ctx
    const { companyId, deviceGroupIds } = await vehicleScopeOf(ctx)
    const query = await historyQueryValidator.validate(request.qs())
    if (!query.deviceId) {
      return response.badRequest({ error: i18n.t('live.history.choose_vehicle') })
    }
    const device = await findCompanyVehicle(companyId, query.deviceId, deviceGroupIds)
    if (await isDeviceHidden(device.id)) {
      return response.badRequest({ error: i18n.t('live.history.errors.expired') })
    }
    const preferences = preferencesOf(auth.user)
    const { timezone } = preferences
    // CSV in the language's dialect like the report exports: `;` and a decimal comma in Turkish.
    const dialect = exportDialect(i18n.locale, preferences, request.input('separator'))
    const range = resolveHistoryRange(query, timezone)
    if (range.error) {
      return response.unprocessableEntity({
        error: i18n.t(`live.history.errors.${range.error}`, { days: MAX_HISTORY_DAYS }),
      })
    }
    const meta = {
      vehicle: device.plate || device.name,
      imei: device.imei,
      from: range.from.toJSDate(),
      to: range.to.toJSDate(),
      timezone,
      delimiter: dialect.delimiter,
      decimalMark: dialect.decimalMark,
    }
    const batches = positionBatches(device, range, { validOnly: format !== 'csv' })
    const fileName = exportFileName(meta, format)
    response.header('content-type', exportContentTypes[format])
    response.header('content-disposition', `attachment; filename="${fileName}"`)
    response.header('cache-control', 'no-store')
    response.stream(Readable.from(exportDocument(format, meta, batches)))
  }
}
