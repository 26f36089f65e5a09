import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { errors as lucidErrors } from '@adonisjs/lucid'
import {
  addWorkOrderPart,
  attachIssue,
  detachIssue,
  removeWorkOrderPart,
  transitionWorkOrder,
  WorkOrderNotFound,
  WorkOrderRefused,
} from '#actions/fleet/work_orders'
import { workOrderDetail } from '#queries/fleet/work_orders'
import { workOrderActions, workOrderActionsFrom } from '#shared/inspections'
import { isRecordId, MAX_RECORD_ID } from '#shared/record_id'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import { findVisibleRecord } from '#crud/resource_controller'
import { workOrdersResource } from '#crud/resources/inspections'
import { DEFAULT_TIME_ZONE } from '#queries/fleet/driver_state'

const transitionValidator = vine.create({
  action: vine.enum(workOrderActions),
  mechanic_name: vine.string().trim().maxLength(200).optional(),
})
const partValidator = vine.create({
  inventory_item_id: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]),
  quantity: vine.number().withoutDecimals().range([1, 100_000]),
  unit_price: vine.number().range([0, 100_000_000]),
})
const issueValidator = vine.create({
  issue_id: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]),
})

const idOf = (value: unknown) => (isRecordId(value) ? Number(value) : 0)

/**
 * A work order's own page and its changes: parts, grouped issues and the transitions of
 * app/shared/inspections.ts. Managers change it; approving its cost asks
 * approveWorkOrderCosts. Another company's work order is a 404.
 */
export default class WorkOrdersController {
  async show(ctx: HttpContext) {
    if (!ctx.company) return ctx.inertia.render('crud/sign_in_required', {})
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    const order = await workOrderDetail(ctx.company.id, idOf(ctx.params.id))
    if (!order) throw new lucidErrors.E_ROW_NOT_FOUND()
    const canManage = await ctx.bouncer.allows('manageFleet')
    const canApprove = await ctx.bouncer.allows('approveWorkOrderCosts')
    return ctx.inertia.render('fleet/work_order', {
      order,
      actions: canManage
        ? workOrderActionsFrom({
            status: order.status,
            approved: Boolean(order.approvedAt),
          }).filter((action) => action !== 'approve' || canApprove)
        : [],
      canManage,
    })
  }

  async transition(ctx: HttpContext) {
    // A work order of a vehicle outside the member's groups: 404.
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    const input = await transitionValidator.validate(ctx.request.all(), {
      messagesProvider: new FieldLabelMessagesProvider(ctx.i18n, 'work_orders'),
    })
    if (input.action === 'approve') await ctx.bouncer.authorize('approveWorkOrderCosts')
    const timeZone = ctx.auth.user!.timezone ?? DEFAULT_TIME_ZONE
    return this.run(ctx, `work_orders.done.${input.action}`, () =>
      transitionWorkOrder(ctx.company!.id, idOf(ctx.params.id), input.action, {
        userId: ctx.auth.user!.id,
        mechanicName: input.mechanic_name ?? null,
        today: DateTime.now().setZone(timeZone).toISODate()!,
      })
    )
  }

  async addPart(ctx: HttpContext) {
    // A work order of a vehicle outside the member's groups: 404.
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    const input = await partValidator.validate(ctx.request.all(), {
      messagesProvider: new FieldLabelMessagesProvider(ctx.i18n, 'work_order_parts'),
    })
    return this.run(ctx, 'work_orders.done.part_added', () =>
      addWorkOrderPart(ctx.company!.id, idOf(ctx.params.id), {
        inventoryItemId: input.inventory_item_id,
        quantity: input.quantity,
        unitPriceCents: Math.round(input.unit_price * 100),
      })
    )
  }

  async removePart(ctx: HttpContext) {
    // A work order of a vehicle outside the member's groups: 404.
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    return this.run(ctx, 'work_orders.done.part_removed', () =>
      removeWorkOrderPart(ctx.company!.id, idOf(ctx.params.id), idOf(ctx.params.partId))
    )
  }

  async attachIssue(ctx: HttpContext) {
    // A work order of a vehicle outside the member's groups: 404.
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    const input = await issueValidator.validate(ctx.request.all(), {
      messagesProvider: new FieldLabelMessagesProvider(ctx.i18n, 'work_orders'),
    })
    return this.run(ctx, 'work_orders.done.issue_added', () =>
      attachIssue(ctx.company!.id, idOf(ctx.params.id), input.issue_id)
    )
  }

  async detachIssue(ctx: HttpContext) {
    // A work order of a vehicle outside the member's groups: 404.
    await findVisibleRecord(ctx, workOrdersResource, ctx.params.id)
    return this.run(ctx, 'work_orders.done.issue_removed', () =>
      detachIssue(ctx.company!.id, idOf(ctx.params.id), idOf(ctx.params.issueId))
    )
  }

  /** Runs a change: a refusal is answered 422 (JSON) or flashed; success is flashed. */
  private async run(ctx: HttpContext, successKey: string, work: () => Promise<unknown>) {
    try {
      await work()
    } catch (error) {
      if (error instanceof WorkOrderNotFound) throw new lucidErrors.E_ROW_NOT_FOUND()
      if (!(error instanceof WorkOrderRefused)) throw error
      const data = { ...error.data }
      if (typeof data.status === 'string') {
        data.status = ctx.i18n.t(`fleet_ops.work_orders.statuses.${data.status}`)
      }
      const message = ctx.i18n.t(`fleet_ops.${error.key}`, data)
      const wantsJson = ctx.request.accepts(['html', 'json']) === 'json'
      if (wantsJson && !ctx.request.header('x-inertia')) {
        return ctx.response.unprocessableEntity({ errors: [{ field: error.field, message }] })
      }
      ctx.session.flash('error', message)
      return ctx.response.redirect().back()
    }
    ctx.session.flash('success', ctx.i18n.t(`fleet_ops.${successKey}`))
    return ctx.response.redirect().back()
  }
}
