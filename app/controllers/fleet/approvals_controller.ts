import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { decideRequest, TransitionRefused, type DecidedKind } from '#actions/fleet/decide_request'
import { approvalActions } from '#shared/approvals'
import { isRecordId } from '#shared/record_id'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import { findVisibleRecord } from '#crud/resource_controller'
import { fleetRequestsResource, leaveRequestsResource } from '#crud/resources/requests'

const decisionValidator = vine.create({ action: vine.enum(approvalActions) })

/** What the decision's success message says (spec §4 and §8). */
const successMessages = {
  confirm: 'fleet_flow.approvals.approved',
  reject: 'fleet_flow.approvals.rejected',
  done: 'fleet_flow.approvals.completed',
} as const

/**
 * Managers and above confirm, reject or complete maintenance and leave requests; the
 * allowed transitions are enforced by the action, a refused one changes nothing.
 */
export default class ApprovalsController {
  /** A maintenance request (fleet.request). */
  async request(ctx: HttpContext) {
    return this.decide(ctx, 'fleet.request')
  }

  /** A leave request (fleet.leave-request). */
  async leave(ctx: HttpContext) {
    return this.decide(ctx, 'fleet.leave-request')
  }

  private async decide(ctx: HttpContext, kind: DecidedKind) {
    await ctx.bouncer.authorize('manageFleet')
    // A request about a vehicle, or leave of a driver, outside the member's groups: 404.
    await findVisibleRecord(
      ctx,
      kind === 'fleet.request' ? fleetRequestsResource : leaveRequestsResource,
      ctx.params.id
    )
    const { action } = await decisionValidator.validate(ctx.request.all(), {
      messagesProvider: new FieldLabelMessagesProvider(ctx.i18n),
    })
    const id = isRecordId(ctx.params.id) ? Number(ctx.params.id) : 0
    try {
      await decideRequest(kind, ctx.company!.id, id, action, ctx.auth.user!.id)
    } catch (error) {
      if (!(error instanceof TransitionRefused)) throw error
      const message = ctx.i18n.t(`fleet_flow.approvals.refused.${action}`, {
        status: ctx.i18n.t(`fleet_flow.approvals.statuses.${error.from}`),
      })
      const wantsJson = ctx.request.accepts(['html', 'json']) === 'json'
      if (wantsJson && !ctx.request.header('x-inertia'))
        return ctx.response.unprocessableEntity({ error: message })
      ctx.session.flash('error', message)
      return ctx.response.redirect().back()
    }
    ctx.session.flash('success', ctx.i18n.t(successMessages[action]))
    return ctx.response.redirect().back()
  }
}
