import type { HttpContext } from '@adonisjs/core/http'
import { requestDeviceGroups } from '#abilities/request_vehicle_scope'
import { DateTime } from 'luxon'
import { companyIdOf } from '#queries/live/company_scope'
import { findCompanyVehicle } from '#queries/live/vehicle_detail'
import { dataQuality, DEFAULT_GAP_MINUTES } from '#queries/fleet/data_quality'
import { vehicleChoices } from '#queries/fleet/odometer_corrections'
import { preferencesOf } from '#services/live/user_preferences'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { fieldError } from '#services/settings/field_error'
import { dataQualityValidator } from '#validators/fleet/data_quality_validator'
import type { DataQualityFilters } from '#shared/data_quality'

/** The longest period the page reads, as the reports bound theirs. */
export const MAX_DATA_QUALITY_DAYS = 31

/** The fleet's data quality over a period (issue 25, point 4). */
export default class DataQualityController {
  async show(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const zone = preferencesOf(ctx.auth.user).timezone
    const input = await ctx.request.validateUsing(dataQualityValidator, {
      data: ctx.request.qs(),
      messagesProvider: new SettingsMessagesProvider(ctx.i18n, 'data_quality'),
    })
    const today = DateTime.now().setZone(zone).startOf('day')
    const toDay = input.to
      ? DateTime.fromJSDate(input.to).setZone(zone, { keepLocalTime: true }).startOf('day')
      : today
    const fromDay = input.from
      ? DateTime.fromJSDate(input.from).setZone(zone, { keepLocalTime: true }).startOf('day')
      : toDay.minus({ days: 6 })
    if (toDay.diff(fromDay, 'days').days + 1 > MAX_DATA_QUALITY_DAYS) {
      return fieldError(
        ctx,
        'to',
        ctx.i18n.t('settings.data_quality.validation.to.range', { days: MAX_DATA_QUALITY_DAYS })
      )
    }
    if (input.deviceId) await findCompanyVehicle(companyId, input.deviceId)
    const gapMinutes = input.gapMinutes ?? DEFAULT_GAP_MINUTES
    const quality = await dataQuality(companyId, {
      from: fromDay.toJSDate(),
      to: toDay.plus({ days: 1 }).toJSDate(),
      deviceId: input.deviceId,
      gapMinutes,
    })
    const filters: DataQualityFilters = {
      from: fromDay.toISODate()!,
      to: toDay.toISODate()!,
      deviceId: input.deviceId ?? null,
      gapMinutes,
    }
    const wantsJson =
      ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')
    if (wantsJson) return { filters, ...quality }
    return ctx.inertia.render('fleet/data_quality', {
      filters,
      vehicles: await vehicleChoices(companyId, await requestDeviceGroups(ctx)),
      quality,
    })
  }
}
