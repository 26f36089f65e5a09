import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { AssignmentError, assignDriver, removeDriver } from '#actions/fleet/assign_driver'
import { MAX_RECORD_ID } from '#shared/record_id'
import { findVisibleRecord } from '#crud/resource_controller'
import { driversResource } from '#crud/resources/drivers'
import { assertVehicleVisible, vehicleScopeOf } from '#abilities/request_vehicle_scope'

const assignmentValidator = vine.create({
  deviceId: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]),
})

/** Assigning a driver to a vehicle and removing them from it (with confirmation on the page). */
export default class DriverAssignmentsController {
  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('manageFleet')
    // A driver or vehicle outside the member's groups: 404, like another company's.
    await findVisibleRecord(ctx, driversResource, ctx.params.id)
    const { deviceId } = await ctx.request.validateUsing(assignmentValidator)
    await assertVehicleVisible(await vehicleScopeOf(ctx), deviceId)
    await assignDriver(ctx.company!.id, Number(ctx.params.id), deviceId)
    ctx.session.flash('success', ctx.i18n.t('messages.record.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('manageFleet')
    // A driver or vehicle outside the member's groups: 404, like another company's.
    await findVisibleRecord(ctx, driversResource, ctx.params.id)
    const { deviceId } = await ctx.request.validateUsing(assignmentValidator)
    await assertVehicleVisible(await vehicleScopeOf(ctx), deviceId)
    try {
      await removeDriver(ctx.company!.id, Number(ctx.params.id), deviceId)
    } catch (error) {
      // No such driver in this company: the same 404 as any other company's record.
      if (error instanceof AssignmentError) throw new lucidErrors.E_ROW_NOT_FOUND()
      throw error
    }
    ctx.session.flash('success', ctx.i18n.t('messages.record.updated'))
    return ctx.response.redirect().back()
  }
}
