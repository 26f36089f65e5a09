import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { companyIdOf } from '#queries/live/company_scope'
import { findCompanyVehicle } from '#queries/live/vehicle_detail'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import { listOdometerCorrections, vehicleChoices } from '#queries/fleet/odometer_corrections'
import { correctOdometer } from '#actions/tracking/correct_odometer'
import { preferencesOf } from '#services/live/user_preferences'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { fieldError, validateOrFlash } from '#services/settings/field_error'
import {
  odometerCorrectionValidator,
  vehicleOdometerCorrectionValidator,
} from '#validators/tracking/odometer_correction_validator'

/**
 * Odometer corrections (issue 25, point 3): the history in settings, and a correction set
 * from there or from the vehicle page. The trips are rebuilt by the odometer rebuild job.
 */
export default class OdometerCorrectionsController {
  async index(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const { deviceGroupIds } = await vehicleScopeOf(ctx)
    return ctx.inertia.render('settings/odometer_corrections', {
      corrections: await listOdometerCorrections(companyId, { deviceGroupIds }),
      vehicles: await vehicleChoices(companyId, deviceGroupIds),
    })
  }

  /** From the settings page: the vehicle is one of the company's (else 404). */
  async store(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const payload = await validateOrFlash(
      ctx,
      () =>
        ctx.request.validateUsing(odometerCorrectionValidator, {
          messagesProvider: new SettingsMessagesProvider(ctx.i18n, 'odometer_corrections'),
        }),
      'messages.form.failed'
    )
    const { deviceGroupIds } = await vehicleScopeOf(ctx)
    const device = await findCompanyVehicle(companyId, payload.deviceId, deviceGroupIds)
    return this.apply(ctx, companyId, device.id, payload)
  }

  /** From the vehicle page. */
  async storeForVehicle(ctx: HttpContext) {
    const companyId = companyIdOf(ctx)
    const { deviceGroupIds } = await vehicleScopeOf(ctx)
    const device = await findCompanyVehicle(companyId, Number(ctx.params.id) || 0, deviceGroupIds)
    const payload = await validateOrFlash(
      ctx,
      () =>
        ctx.request.validateUsing(vehicleOdometerCorrectionValidator, {
          messagesProvider: new SettingsMessagesProvider(ctx.i18n, 'odometer_corrections'),
        }),
      'messages.form.failed'
    )
    return this.apply(ctx, companyId, device.id, payload)
  }

  private async apply(
    ctx: HttpContext,
    companyId: number,
    deviceId: number,
    payload: { effectiveAt: string; odometerKm: number; note?: string }
  ) {
    const zone = preferencesOf(ctx.auth.user).timezone
    const effectiveAt = DateTime.fromISO(payload.effectiveAt, { zone })
    if (!effectiveAt.isValid || effectiveAt > DateTime.now()) {
      return fieldError(
        ctx,
        'effectiveAt',
        ctx.i18n.t('settings.odometer_corrections.validation.effectiveAt.future')
      )
    }
    const result = await correctOdometer({
      companyId,
      deviceId,
      effectiveAt: effectiveAt.toJSDate(),
      odometerKm: payload.odometerKm,
      note: payload.note || null,
      userId: ctx.auth.user?.id ?? null,
    })
    const wantsJson =
      ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')
    if (wantsJson) return ctx.response.created(result)
    ctx.session.flash('success', ctx.i18n.t('settings.odometer_corrections.saved'))
    return ctx.response.redirect().back()
  }
}
