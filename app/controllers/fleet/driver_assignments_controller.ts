import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { assignDriver, removeDriver } from '#actions/fleet/assign_driver'
import { authorize } from '#policies/role_policy'

const assignmentValidator = vine.create({ deviceId: vine.number().withoutDecimals().positive() })

/** Assigning a driver to a vehicle and removing them from it (with confirmation on the page). */
export default class DriverAssignmentsController {
  async store(ctx: HttpContext) {
    authorize(ctx, 'manager')
    const { deviceId } = await ctx.request.validateUsing(assignmentValidator)
    await assignDriver(ctx.company!.id, Number(ctx.params.id), deviceId)
    ctx.session.flash('success', ctx.i18n.t('messages.record.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    authorize(ctx, 'manager')
    const { deviceId } = await ctx.request.validateUsing(assignmentValidator)
    await removeDriver(ctx.company!.id, Number(ctx.params.id), deviceId)
    ctx.session.flash('success', ctx.i18n.t('messages.record.updated'))
    return ctx.response.redirect().back()
  }
}
