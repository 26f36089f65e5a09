/**
 * Approvals of maintenance requests and leave requests (spec §4): the statuses and the one
 * table of allowed transitions, enforced on the server by app/actions/fleet/decide_request.ts.
 *
 *   action   from                 to         message (messages.approvals.*)
 *   confirm  pending              approved   "Approval given"
 *   reject   pending, approved    rejected   "Rejected"
 *   done     approved             done       "Process completed"
 *
 * A request is filed as `pending` by any member; only managers and above decide.
 * `rejected` and `done` are final: nothing leaves them. Anything else is refused with
 * "This request cannot be …" and nothing changes.
 */
export const requestStatuses = ['pending', 'approved', 'rejected', 'done'] as const
export type RequestStatus = (typeof requestStatuses)[number]

export const approvalActions = ['confirm', 'reject', 'done'] as const
export type ApprovalAction = (typeof approvalActions)[number]

export const transitions: Record<ApprovalAction, { from: RequestStatus[]; to: RequestStatus }> = {
  confirm: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending', 'approved'], to: 'rejected' },
  done: { from: ['approved'], to: 'done' },
}

/** The status an action leads to from `status`, or null when the action is not allowed. */
export function nextStatus(status: string, action: ApprovalAction): RequestStatus | null {
  const rule = transitions[action]
  return rule.from.includes(status as RequestStatus) ? rule.to : null
}

/** The actions a request in `status` offers. */
export function actionsFrom(status: string): ApprovalAction[] {
  return approvalActions.filter((action) => nextStatus(status, action) !== null)
}
