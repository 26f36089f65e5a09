import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { queueCommand } from '#actions/tracking/queue_command'
import { commandTemplatesFor } from '#queries/settings/command_templates'
import { commandTemplateForList } from '#transformers/settings/command_template_transformer'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import {
  alarmCountsSince,
  drivingSince,
  findCompanyVehicle,
  lastStops,
  lastTrips,
  recentCommands,
  vehicleAlarms,
  vehicleReferenceNames,
} from '#queries/live/vehicle_detail'
import {
  vehicleDriver,
  vehicleFuel,
  vehicleGeneralInfo,
  vehicleInputsOutputs,
  vehicleLive,
  vehicleSensors,
  vehicleSubscription,
  vehicleTechnical,
} from '#transformers/live/vehicle_detail_transformer'
import { preferencesOf } from '#services/live/user_preferences'
import { vehiclePlace } from '#transformers/live/map_vehicle_transformer'
import { maintenanceDue } from '#queries/fleet/maintenance_due'
import { maintenanceItemForCard } from '#transformers/fleet/maintenance_transformer'
import { isOnLeave } from '#queries/fleet/driver_state'
import { vehicleCommandValidator } from '#validators/live/live_validators'
import { fuelEntriesResource } from '#crud/resources/fuel_entries'
import {
  cardPlaces,
  namedPosition,
  playbackAt,
  stopPoints,
  tripEnds,
  alarmPoints,
} from '#services/geocoder/card_places'
import { vehicleTripsForCard } from '#transformers/live/vehicle_trip_transformer'
import { vehicleStopsForCard } from '#transformers/live/vehicle_stop_transformer'
import { vehicleAlarmsForList } from '#transformers/live/vehicle_alarm_transformer'
import { monthlyAlarmsForCard } from '#transformers/live/monthly_alarms_transformer'
import { vehicleCommandsForList } from '#transformers/live/vehicle_command_transformer'
import { vehicleConnection } from '#transformers/live/vehicle_connection_transformer'
import { vehicleOdometerForCard } from '#transformers/fleet/vehicle_odometer_transformer'
import { vehicleDataQualityForCard } from '#transformers/fleet/vehicle_data_quality_transformer'
import { latestFuelEntries } from '#queries/fuel/fuel_log'
import { fuelEntryLookups } from '#queries/fuel/fuel_entry_lookups'
import { fuelLogForCard } from '#transformers/fuel/fuel_log_transformer'
import type { TrackerProtocol } from '#shared/fleet_enums'
import { listOdometerCorrections } from '#queries/fleet/odometer_corrections'
import { distanceSource } from '#queries/fleet/distance_source'
import { dataQuality } from '#queries/fleet/data_quality'

/** The vehicle detail page (spec §2 cards) and the commands sent from it. */
export default class AssetsController {
  /**
   * The vehicle's current place by name (the live map's popup asks when it opens, so the
   * fleet feed stays free of places): the company's zone or building first, else a street
   * or the nearest town, with the history playback at its last fix.
   */
  async place(ctx: HttpContext) {
    const scope = await vehicleScopeOf(ctx)
    const device = await findCompanyVehicle(
      scope.companyId,
      Number(ctx.params.id),
      scope.deviceGroupIds
    )
    const state = device.state ?? null
    const name = cardPlaces(device.companyId, ctx.i18n.locale)
    const place = await namedPosition(state?.latitude ?? null, state?.longitude ?? null, name)
    const fixTime = state?.fixTime?.toISO() ?? null
    const timezone = preferencesOf(ctx.auth.user).timezone
    return vehiclePlace(place, fixTime ? playbackAt(device.id, fixTime, timezone) : null)
  }

  async show(ctx: HttpContext) {
    const scope = await vehicleScopeOf(ctx)
    const device = await findCompanyVehicle(
      scope.companyId,
      Number(ctx.params.id),
      scope.deviceGroupIds
    )
    const preferences = preferencesOf(ctx.auth.user)
    const now = DateTime.now().setZone(preferences.timezone)
    const monthStart = now.startOf('month')
    const state = device.state ?? null
    // Places by name on the cards (docs/geocoding.md), in the page's language.
    const name = cardPlaces(device.companyId, ctx.i18n.locale)

    return ctx.inertia.render('assets/show', {
      canSendCommands: await ctx.bouncer.allows('sendCommands'),
      vehicle: async () => vehicleGeneralInfo(device, await vehicleReferenceNames(device)),
      driver: async () =>
        vehicleDriver(
          device,
          await isOnLeave(device.companyId, device.driverId, preferences.timezone),
          // The driver who is the member reads their own personal fields.
          device.driver?.userId === ctx.auth.user!.id ||
            (await ctx.bouncer.allows('viewPersonalData'))
        ),
      technical: vehicleTechnical(device, state),
      live: vehicleLive(device, state),
      place: () => namedPosition(state?.latitude ?? null, state?.longitude ?? null, name),
      subscription: vehicleSubscription(device, now),
      recentAlarms: async () => {
        const alarms = await vehicleAlarms(device, 5)
        const places = await name(alarmPoints(alarms))
        return vehicleAlarmsForList(alarms, device.id, places, preferences.timezone)
      },
      monthlyAlarms: async () =>
        monthlyAlarmsForCard(monthStart, await alarmCountsSince(device, monthStart)),
      trips: async () => {
        const trips = await lastTrips(device, 3)
        return vehicleTripsForCard(trips, await name(tripEnds(trips)), preferences.timezone)
      },
      stops: async () => {
        const stops = await lastStops(device, 3)
        return vehicleStopsForCard(stops, await name(stopPoints(stops)), preferences.timezone)
      },
      fuel: async () => vehicleFuel(device, state, await drivingSince(device, monthStart)),
      sensors: vehicleSensors(device, state),
      io: vehicleInputsOutputs(device, state),
      commands: () => recentCommands(device, 5).then(vehicleCommandsForList),
      fuelLog: async () => {
        const canAdd = await ctx.bouncer.allows('manageFleet')
        const companyId = device.companyId
        const entries = await latestFuelEntries(companyId, device.id, 5)
        const lookups: Record<string, { id: number; name: string }[]> = canAdd
          ? await fuelEntryLookups(companyId)
          : {}
        return fuelLogForCard({
          entries,
          canAdd,
          resource: fuelEntriesResource,
          deviceId: device.id,
          lookups,
        })
      },
      maintenance: () =>
        maintenanceDue(device.companyId, {
          deviceId: device.id,
          includeOk: true,
          limit: 6,
          today: now.toISODate()!,
        }).then((rows) => rows.map(maintenanceItemForCard)),
      // The company's saved commands for this tracker's protocol (settings, commands).
      commandTemplates: () =>
        commandTemplatesFor(device.companyId, device.protocol).then((rows) =>
          rows.map(commandTemplateForList)
        ),
      // How to point the tracker at this server: its family's port and configuration commands.
      connection: vehicleConnection(device.protocol as TrackerProtocol),
      // Issue 25: where distances come from, the odometer corrections and their form.
      odometer: async () =>
        vehicleOdometerForCard({
          source: await distanceSource(device.id),
          canCorrect: await ctx.bouncer.allows('manageFleet'),
          corrections: await listOdometerCorrections(device.companyId, {
            deviceId: device.id,
            limit: 5,
          }),
        }),
      // Issue 25: the last 7 days' data quality of this vehicle.
      dataQuality: () =>
        dataQuality(device.companyId, {
          deviceId: device.id,
          from: now.startOf('day').minus({ days: 6 }).toJSDate(),
          to: now.toJSDate(),
          limit: 20,
        }).then(vehicleDataQualityForCard),
    })
  }

  /** Queues a command for the vehicle (managers and above); the page follows it live. */
  async command(ctx: HttpContext) {
    const { params, request, response, session, i18n } = ctx
    const { companyId, deviceGroupIds } = await vehicleScopeOf(ctx)
    const device = await findCompanyVehicle(companyId, Number(params.id), deviceGroupIds)
    await ctx.bouncer.authorize('sendCommands')
    const { kind, payload } = await request.validateUsing(vehicleCommandValidator)
    const queued = await queueCommand({
      companyId,
      deviceId: device.id,
      userId: ctx.auth.user?.id ?? null,
      kind,
      payload,
    })
    if (request.header('x-inertia')) {
      session.flash('success', i18n.t('live.commands.queued'))
      return response.redirect().back()
    }
    return response.created(queued)
  }
}
