import db from '@adonisjs/lucid/services/db'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { nextStatus, type ApprovalAction, type RequestStatus } from '#shared/approvals'
import { queueRecordEvent } from '#services/integrations/record_webhooks'

/** The tables whose rows are decided: maintenance requests and leave requests. */
export const decidedTables = {
  'fleet.request': 'fleet_requests',
  'fleet.leave-request': 'leave_requests',
} as const

export type DecidedKind = keyof typeof decidedTables

/** The action is not allowed from the request's current status; nothing changed. */
export class TransitionRefused extends Error {
  constructor(
    readonly from: string,
    readonly action: ApprovalAction
  ) {
    super(`${action} is not allowed from ${from}`)
  }
}

/**
 * Confirms, rejects or completes a request of the company (app/shared/approvals.ts holds the
 * allowed transitions). The row is locked while its status is read and written, so two
 * managers deciding at once cannot both move it. Another company's id is a 404.
 */
export async function decideRequest(
  kind: DecidedKind,
  companyId: number,
  id: number,
  action: ApprovalAction,
  deciderId: number
): Promise<RequestStatus> {
  const table = decidedTables[kind]
  return db.transaction(async (trx) => {
    const row = await trx
      .from(table)
      .where('id', id)
      .where('company_id', companyId)
      .forUpdate()
      .first()
    if (!row) throw new lucidErrors.E_ROW_NOT_FOUND()
    const to = nextStatus(row.status, action)
    if (!to) throw new TransitionRefused(row.status, action)
    const now = new Date()
    await trx
      .from(table)
      .where('id', id)
      .update({ status: to, decided_by: deciderId, decision_date: now, updated_at: now })
    // A leave approved or rejected is the `leave.decided` record event of the webhooks.
    if (kind === 'fleet.leave-request' && (to === 'approved' || to === 'rejected')) {
      await queueRecordEvent(
        {
          companyId,
          type: 'leave.decided',
          resource: 'leave-requests',
          record: {
            ...row,
            status: to,
            decided_by: deciderId,
            decision_date: now,
            updated_at: now,
          },
        },
        trx
      )
    }
    return to
  })
}
