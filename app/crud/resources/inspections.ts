import type { HttpContext } from '@adonisjs/core/http'
import { defineResource } from '#crud/define_resource'
import { vehicleRecord } from '#crud/vehicle_record'
import { boolean, datetime, enumOf, file, money, number, reference, text } from '#crud/fields'
import { currencies, maintenanceTypes } from '#shared/fleet_enums'
import { imageExtnames, MAX_UPLOAD_SIZE } from '#shared/uploads'
import {
  costEditable,
  inspectionResults,
  issuePriorities,
  issueStatuses,
  LABOUR_CENTS_SQL,
  PARTS_CENTS_SQL,
  workOrderStatuses,
} from '#shared/inspections'
import { issueStatusAllowed } from '#actions/fleet/work_orders'
import InspectionItem from '#models/inspection_item'
import Inspection from '#models/inspection'
import FleetIssue from '#models/fleet_issue'
import WorkOrder from '#models/work_order'

const t = (ctx: HttpContext, key: string, data?: Record<string, unknown>) =>
  ctx.i18n.t(`fleet_ops.${key}`, data)

/**
 * The inspection checklist (issue 30): pass/fail items, for one vehicle category or, without
 * one, for every vehicle; managers keep it, the phone form asks the active items in order.
 */
export const inspectionItemsResource = defineResource({
  key: 'inspection_items',
  table: 'inspection_items',
  fields: {
    name: text('inspection_items.name', { form: { required: true } }),
    vehicle_category_id: reference(
      'inspection_items.vehicle_category_id',
      { table: 'vehicle_categories' },
      { form: {} }
    ),
    position: number('inspection_items.position', {
      form: { integer: true, min: 0, max: 10_000, default: '0' },
    }),
    active: boolean('inspection_items.active', { form: { default: 'true' } }),
    created_at: datetime('inspection_items.created_at'),
  },
  defaultFields: ['name', 'vehicle_category', 'position', 'active'],
  defaultSort: { column: 'position', order: 'asc' },
  searchColumns: ['name', 'vehicle_category'],
  write: { ability: 'manageFleet', model: InspectionItem },
})

/**
 * Inspections filed on the phone form (forms.inspection): the list, the driver's signature
 * as a file, deletion by managers. They are filed only through the form, which records each
 * item's result and opens the issues (app/actions/fleet/file_inspection.ts).
 */
export const inspectionsResource = defineResource({
  key: 'inspections',
  table: 'inspections',
  extend: (query) =>
    query.leftJoin('users as inspector_user', 'inspector_user.id', 'inspections.inspector_id'),
  fields: {
    inspected_at: datetime('inspections.inspected_at'),
    device_id: reference('inspections.device_id', { table: 'devices' }),
    plate: text('ref_device.plate'),
    driver_id: reference('inspections.driver_id', { table: 'drivers' }),
    odometer_km: number('inspections.odometer_km'),
    result: enumOf('inspections.result', inspectionResults),
    failed_count: number('inspections.failed_count'),
    failed_items: text(
      `(SELECT string_agg(r.item_name, ', ' ORDER BY r.id) FROM inspection_results r
         WHERE r.inspection_id = inspections.id AND NOT r.passed)`,
      { sortable: false }
    ),
    notes: text('inspections.notes', { sortable: false }),
    signature: file(
      'inspections.signature_path',
      { extnames: ['png'], size: MAX_UPLOAD_SIZE },
      { column: 'signature_path' }
    ),
    inspector: text('coalesce(inspector_user.full_name, inspector_user.email)'),
  },
  defaultFields: [
    'inspected_at',
    'device',
    'plate',
    'driver',
    'odometer_km',
    'result',
    'failed_items',
    'inspector',
  ],
  searchColumns: ['device', 'plate'],
  ...vehicleRecord(Inspection, 'inspected_at', {
    write: {
      // Filed through the phone form only (it records the items and opens the issues).
      check: async (ctx, _values, id) =>
        id === null ? { field: 'device_id', message: t(ctx, 'inspections.form_only') } : null,
    },
  }),
})

/**
 * Issues of a vehicle: opened by a failed inspection item (title, photo and note of the item)
 * or by hand; open → resolved or closed (resolved → closed); grouped into a work order, whose
 * completion resolves them.
 */
export const issuesResource = defineResource({
  key: 'fleet_issues',
  table: 'fleet_issues',
  extend: (query) =>
    query.leftJoin(
      'inspection_results as source',
      'source.id',
      'fleet_issues.inspection_result_id'
    ),
  fields: {
    title: text('fleet_issues.title', { form: { required: true } }),
    device_id: reference(
      'fleet_issues.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    priority: enumOf('fleet_issues.priority', issuePriorities, {
      form: { required: true, default: 'medium' },
    }),
    status: enumOf('fleet_issues.status', issueStatuses, {
      form: { required: true, default: 'open' },
    }),
    source_item: text('source.item_name'),
    inspection_id: number('fleet_issues.inspection_id'),
    work_order_id: reference(
      'fleet_issues.work_order_id',
      { table: 'work_orders', label: 'title' },
      { form: {} }
    ),
    description: text('fleet_issues.description', { sortable: false, form: { multiline: true } }),
    photo: file(
      'fleet_issues.photo_path',
      { extnames: imageExtnames, size: MAX_UPLOAD_SIZE },
      { column: 'photo_path', form: { wide: true } }
    ),
    resolved_at: datetime('fleet_issues.resolved_at'),
    created_at: datetime('fleet_issues.created_at'),
  },
  defaultFields: [
    'created_at',
    'title',
    'device',
    'priority',
    'status',
    'source_item',
    'work_order',
  ],
  searchColumns: ['device', 'title'],
  ...vehicleRecord(FleetIssue, 'created_at', {
    write: {
      fill: (ctx, id) => (id === null ? { reported_by: ctx.auth.user!.id } : {}),
      check: async (ctx, values, id) => {
        const refusal = await issueStatusAllowed(ctx.company!.id, id, values)
        if (!refusal) return null
        // Statuses as the page names them
        const data = Object.fromEntries(
          Object.entries(refusal.data ?? {}).map(([name, status]) => [
            name,
            ctx.i18n.t(`crud.fleet_issues.values.status.${status}`),
          ])
        )
        return { field: refusal.field, message: t(ctx, refusal.key, data) }
      },
      afterWrite: async (client, issue) => {
        if (!issue.id) return
        await client.rawQuery(
          `UPDATE fleet_issues SET resolved_at = CASE WHEN status = 'open' THEN NULL
             ELSE coalesce(resolved_at, now()) END WHERE id = ?`,
          [Number(issue.id)]
        )
      },
    },
  }),
  labelColumn: 'title',
})

/**
 * Work orders: the vehicle's issues grouped into one repair, by a vendor (a service point) or
 * in-house; parts from inventory and labour make its cost, approved by a member with the right
 * before the mechanic signs off and it completes (app/actions/fleet/work_orders.ts). Its
 * header is written here; parts, issues and transitions on its own page.
 */
export const workOrdersResource = defineResource({
  key: 'work_orders',
  table: 'work_orders',
  extend: (query) => query.leftJoin('users as approver', 'approver.id', 'work_orders.approved_by'),
  fields: {
    title: text('work_orders.title', { form: { required: true } }),
    device_id: reference(
      'work_orders.device_id',
      { table: 'devices' },
      { form: { required: true } }
    ),
    service_point_id: reference(
      'work_orders.service_point_id',
      { table: 'service_points', as: 'vendor' },
      { form: {} }
    ),
    status: enumOf('work_orders.status', workOrderStatuses),
    maintenance_type: enumOf('work_orders.maintenance_type', maintenanceTypes, { form: {} }),
    odometer_km: number('work_orders.odometer_km', {
      form: { integer: true, min: 0, max: 10_000_000 },
    }),
    labour_hours: number('work_orders.labour_hours::float8', {
      form: { min: 0, max: 10_000, step: '0.25', default: '0' },
      column: 'labour_hours',
    }),
    labour_rate: money('labour_rate_cents', 'work_orders', { form: { default: '0' } }),
    currency: enumOf('work_orders.currency', currencies, {
      form: { required: true, default: 'TRY' },
    }),
    parts_total: number(`round(${PARTS_CENTS_SQL('work_orders')} / 100.0, 2)::float8`),
    labour_total: number(`round(${LABOUR_CENTS_SQL('work_orders')} / 100.0, 2)::float8`),
    total: number(
      `round((${PARTS_CENTS_SQL('work_orders')} + ${LABOUR_CENTS_SQL('work_orders')}) / 100.0, 2)::float8`
    ),
    issue_count: number(
      '(SELECT count(*) FROM fleet_issues i WHERE i.work_order_id = work_orders.id)::int'
    ),
    approved_by_name: text('coalesce(approver.full_name, approver.email)'),
    approved_at: datetime('work_orders.approved_at'),
    mechanic_name: text('work_orders.mechanic_name'),
    signed_off_at: datetime('work_orders.signed_off_at'),
    completed_at: datetime('work_orders.completed_at'),
    notes: text('work_orders.notes', { sortable: false, form: { multiline: true } }),
    created_at: datetime('work_orders.created_at'),
  },
  defaultFields: [
    'created_at',
    'title',
    'device',
    'vendor',
    'status',
    'issue_count',
    'total',
    'currency',
    'completed_at',
  ],
  searchColumns: ['device', 'title'],
  ...vehicleRecord(WorkOrder, 'created_at', {
    write: {
      fill: (ctx, id) => (id === null ? { created_by: ctx.auth.user!.id } : {}),
      check: async (ctx, _values, id) => {
        if (id === null) return null
        const order = await WorkOrder.query()
          .where('id', id)
          .where('company_id', ctx.company!.id)
          .first()
        if (order && !costEditable(order.status)) {
          return {
            field: 'title',
            message: t(ctx, 'work_orders.locked', {
              status: t(ctx, `work_orders.statuses.${order.status}`),
            }),
          }
        }
        return null
      },
    },
  }),
  labelColumn: 'title',
})
