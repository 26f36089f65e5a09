import { defineResource } from '#crud/define_resource'
import { date, datetime, enumOf, number, reference, text } from '#crud/fields'
import type { ListContext } from '#crud/resource'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { requestStatuses } from '#shared/approvals'
import FleetRequest from '#models/fleet_request'
import LeaveRequest from '#models/leave_request'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { forWhomRefusal, overlappingLeaveRefusal } from '#actions/fleet/filing_rules'

/**
 * Who filed and who decided; members see only what they filed themselves and what concerns
 * their own driver record, unless the policy layer lets them see everyone's.
 */
function withPeople(table: string) {
  return (query: DatabaseQueryBuilderContract, context: ListContext) => {
    query
      .leftJoin('users as requester_user', 'requester_user.id', `${table}.requester_id`)
      .leftJoin('users as decider_user', 'decider_user.id', `${table}.decided_by`)
    if (!context.can?.seeEveryonesRequests) {
      const userId = context.userId ?? 0
      // What they filed, and what concerns the driver who is them
      query.where((own) => {
        own
          .where(`${table}.requester_id`, userId)
          .orWhereIn(`${table}.driver_id`, (drivers) =>
            drivers.from('drivers').where('user_id', userId).select('id')
          )
      })
    }
  }
}

/**
 * Filed for oneself unless the member may file for others; leave may not overlap another
 * pending or approved leave of the same driver (app/actions/fleet/filing_rules.ts).
 */
function filingCheck(leave: boolean) {
  return async (ctx: HttpContext, values: Record<string, unknown>, id: number | null) => {
    const client = db.connection()
    const companyId = ctx.company!.id
    const refusal =
      (await forWhomRefusal(client, {
        companyId,
        userId: ctx.auth.user!.id,
        driverId: values.driver_id,
        forOthers: await ctx.bouncer.allows('fileForOthers'),
      })) ??
      (leave
        ? await overlappingLeaveRefusal(client, {
            companyId,
            driverId: values.driver_id,
            start: values.start_date,
            end: values.end_date,
            id,
          })
        : null)
    if (!refusal) return null
    const { field, key, ...data } = refusal
    return { field, message: ctx.i18n.t(key, data) }
  }
}

/** Filed by the signed-in member, pending; on edit neither changes. */
const filedBy = (ctx: { auth: { user?: { id: number } | null } }, id: number | null) =>
  id === null ? { requester_id: ctx.auth.user!.id, status: 'pending' } : {}

/** Maintenance requests (tickets, spec §3): any member files one, managers decide. */
export const fleetRequestsResource = defineResource({
  key: 'fleet_requests',
  table: 'fleet_requests',
  extend: withPeople('fleet_requests'),
  fields: {
    request_date: date('fleet_requests.request_date', {
      form: { required: true, default: 'today' },
    }),
    device_id: reference(
      'fleet_requests.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    driver_id: reference('fleet_requests.driver_id', { table: 'drivers' }, { form: {} }),
    region_id: reference('fleet_requests.region_id', { table: 'regions' }, { form: {} }),
    department_id: reference(
      'fleet_requests.department_id',
      { table: 'departments' },
      { form: {} }
    ),
    description: text('fleet_requests.description', {
      sortable: false,
      form: { required: true, multiline: true },
    }),
    status: enumOf('fleet_requests.status', requestStatuses),
    requester_id: number('fleet_requests.requester_id', { filterable: false }),
    requester: text('coalesce(requester_user.full_name, requester_user.email)'),
    decided_by: text('coalesce(decider_user.full_name, decider_user.email)'),
    decision_date: datetime('fleet_requests.decision_date'),
    created_at: datetime('fleet_requests.created_at'),
  },
  defaultFields: [
    'request_date',
    'device',
    'driver',
    'description',
    'status',
    'requester',
    'decision_date',
  ],
  defaultSort: { column: 'request_date', order: 'desc' },
  dateColumn: 'request_date',
  deviceColumn: 'device_id',
  searchColumns: ['description', 'device', 'driver'],
  labelColumn: 'description',
  // What a member filed, and what concerns the driver who is them.
  ownedBy: (userId) =>
    `(fleet_requests.requester_id = ${userId} OR fleet_requests.driver_id IN
      (SELECT id FROM drivers WHERE user_id = ${userId}))`,
  write: {
    ability: 'manageFleet',
    createAbility: 'fileRequests',
    model: FleetRequest,
    fill: filedBy,
    check: filingCheck(false),
  },
})

/** Time off (spec §3): a driver's leave; approved leave covering today makes them "on leave". */
export const leaveRequestsResource = defineResource({
  key: 'leave_requests',
  table: 'leave_requests',
  extend: withPeople('leave_requests'),
  fields: {
    driver_id: reference('leave_requests.driver_id', { table: 'drivers' }, { form: {} }),
    start_date: date('leave_requests.start_date', { form: { required: true, default: 'today' } }),
    end_date: date('leave_requests.end_date', {
      form: { required: true, notBefore: 'start_date' },
    }),
    total_days: number('(leave_requests.end_date - leave_requests.start_date + 1)'),
    return_date: date('leave_requests.return_date', { form: { notBefore: 'end_date' } }),
    description: text('leave_requests.description', {
      sortable: false,
      form: { multiline: true },
    }),
    status: enumOf('leave_requests.status', requestStatuses),
    requester_id: number('leave_requests.requester_id', { filterable: false }),
    requester: text('coalesce(requester_user.full_name, requester_user.email)'),
    decided_by: text('coalesce(decider_user.full_name, decider_user.email)'),
    decision_date: datetime('leave_requests.decision_date'),
    created_at: datetime('leave_requests.created_at'),
  },
  defaultFields: [
    'driver',
    'start_date',
    'end_date',
    'total_days',
    'return_date',
    'status',
    'requester',
    'decision_date',
  ],
  defaultSort: { column: 'start_date', order: 'desc' },
  dateColumn: 'start_date',
  searchColumns: ['driver', 'description'],
  labelColumn: 'driver',
  // A member limited to vehicle groups sees and decides the leave of their drivers (drivers of
  // a vehicle in their groups), besides what they filed and their own (docs/permissions.md).
  driverColumn: 'driver_id',
  ownedBy: (userId) =>
    `(leave_requests.requester_id = ${userId} OR leave_requests.driver_id IN
      (SELECT id FROM drivers WHERE user_id = ${userId}))`,
  write: {
    ability: 'manageFleet',
    createAbility: 'fileRequests',
    model: LeaveRequest,
    fill: filedBy,
    check: filingCheck(true),
  },
})
