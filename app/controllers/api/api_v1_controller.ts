import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { findApiToken } from '#services/integrations/api_tokens'
import { apiError } from '#services/integrations/api_auth'
import { scopeAllows, TRACKING_SCOPE } from '#services/integrations/api_scopes'
import { openApiDocument } from '#services/integrations/openapi'
import { memberMayOpen, memberOfUser } from '#abilities/member'
import { deviceGroupsOf, visibleVehiclesOnly, type VehicleScope } from '#abilities/vehicle_scope'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

const MAX_PER_PAGE = 500
const MAX_RANGE_DAYS = 31

const listQuery = vine.create({
  page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(MAX_PER_PAGE).optional(),
  deviceId: vine.number().withoutDecimals().min(1).optional(),
  from: vine.string().trim().maxLength(40).optional(),
  to: vine.string().trim().maxLength(40).optional(),
})

interface Query {
  page?: number
  perPage?: number
  deviceId?: number
  from?: Date
  to?: Date
}

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()

/**
 * The tracking part of a company's JSON API (integrations settings): devices, live positions,
 * trips and events, read with a company API token holding the `tracking` scope as
 * `Authorization: Bearer ft_...` (records: ApiRecordsController). Lists are
 * paged (`page`, `perPage` up to 500); trips and events take a time range (`from`, `to`,
 * ISO 8601, at most 31 days; the last 24 hours by default) and `deviceId`.
 */
export default class ApiV1Controller {
  /** The OpenAPI 3.1 document of the API, public (it holds no company data). */
  openapi({ response }: HttpContext) {
    response.header('cache-control', 'public, max-age=300')
    return response.json(openApiDocument())
  }

  devices = this.guarded(async (companyId, query, scope) => {
    const rows = await this.page(
      db
        .from('devices')
        .where('company_id', companyId)
        .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'devices.id', scope))
        .if(query.deviceId, (q) => q.where('id', query.deviceId!))
        .select('id', 'name', 'plate', 'imei', 'protocol', 'group_id', 'status', 'licence_end_date')
        .orderBy('id'),
      query
    )
    return rows.map((row: any) => ({
      id: row.id,
      name: row.name,
      plate: row.plate,
      imei: row.imei,
      protocol: row.protocol,
      groupId: row.group_id,
      status: row.status,
      licenceEndDate: row.licence_end_date
        ? DateTime.fromJSDate(new Date(row.licence_end_date)).toISODate()
        : null,
    }))
  })

  positions = this.guarded(async (companyId, query, scope) => {
    const rows = await this.page(
      db
        .from('device_states as s')
        .join('devices as d', 'd.id', 's.device_id')
        .where('s.company_id', companyId)
        .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 's.device_id', scope))
        .whereRaw(visibleDeviceSql('s.device_id'))
        .if(query.deviceId, (q) => q.where('s.device_id', query.deviceId!))
        .select(
          's.device_id',
          'd.name',
          'd.plate',
          's.fix_time',
          's.latitude',
          's.longitude',
          's.speed',
          's.course',
          's.live_status',
          's.online',
          's.ignition',
          's.odometer'
        )
        .orderBy('s.device_id'),
      query
    )
    return rows.map((row: any) => ({
      deviceId: row.device_id,
      name: row.name,
      plate: row.plate,
      time: iso(row.fix_time),
      latitude: row.latitude,
      longitude: row.longitude,
      speed: row.speed,
      course: row.course,
      status: row.live_status,
      online: row.online,
      ignition: row.ignition,
      odometer: row.odometer,
    }))
  })

  trips = this.guarded(async (companyId, query, scope) => {
    const { from, to } = this.range(query)
    const rows = await this.page(
      db
        .from('trips')
        .where('company_id', companyId)
        .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'trips.device_id', scope))
        .whereRaw(visibleDeviceSql('trips.device_id'))
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .if(query.deviceId, (q) => q.where('device_id', query.deviceId!))
        .select(
          'id',
          'device_id',
          'start_time',
          'end_time',
          'start_latitude',
          'start_longitude',
          'end_latitude',
          'end_longitude',
          'distance',
          'max_speed',
          'average_speed',
          'duration'
        )
        .orderBy('start_time')
        .orderBy('id'),
      query
    )
    return rows.map((row: any) => ({
      id: Number(row.id),
      deviceId: row.device_id,
      start: iso(row.start_time),
      end: iso(row.end_time),
      startLatitude: row.start_latitude,
      startLongitude: row.start_longitude,
      endLatitude: row.end_latitude,
      endLongitude: row.end_longitude,
      distanceMetres: row.distance,
      maxSpeed: row.max_speed,
      averageSpeed: row.average_speed,
      durationSeconds: row.duration,
    }))
  })

  events = this.guarded(async (companyId, query, scope) => {
    const { from, to } = this.range(query)
    const rows = await this.page(
      db
        .from('events')
        .where('company_id', companyId)
        .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'events.device_id', scope))
        .whereRaw(visibleDeviceSql('events.device_id'))
        .where('event_time', '>=', from)
        .where('event_time', '<', to)
        .if(query.deviceId, (q) => q.where('device_id', query.deviceId!))
        .select('id', 'device_id', 'event_time', 'code', 'state', 'latitude', 'longitude')
        .orderBy('event_time')
        .orderBy('id'),
      query
    )
    return rows.map((row: any) => ({
      id: Number(row.id),
      deviceId: row.device_id,
      time: iso(row.event_time),
      code: row.code,
      state: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
    }))
  })

  private range(query: Query) {
    const to = query.to ?? new Date()
    const from = query.from ?? new Date(to.getTime() - 24 * 3600 * 1000)
    return { from, to }
  }

  private page<T extends { offset(n: number): T; limit(n: number): T }>(
    builder: T,
    query: { page?: number; perPage?: number }
  ) {
    const perPage = query.perPage ?? 100
    return builder.offset(((query.page ?? 1) - 1) * perPage).limit(perPage) as unknown as Promise<
      any[]
    >
  }

  /** Bearer token -> company; the query validated; `{ data, page, perPage }` or a JSON error. */
  private guarded(
    handler: (companyId: number, query: Query, scope: VehicleScope) => Promise<unknown[]>
  ) {
    return async (ctx: HttpContext) => {
      const { request, response, route } = ctx
      response.header('cache-control', 'no-store')
      const header = request.header('authorization') ?? ''
      const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
      const token = await findApiToken(bearer)
      if (!token) return apiError(ctx, 401, 'api.errors.token_required')
      if (!scopeAllows(token.scopes ?? [], TRACKING_SCOPE, 'read')) {
        return apiError(ctx, 403, 'api.errors.scope_missing', { scope: `${TRACKING_SCOPE}:read` })
      }
      // A token acts as the member who created it: their role and the menus hidden for them
      // (a token whose creator left the company opens nothing).
      const member = token.createdBy ? await memberOfUser(token.companyId, token.createdBy) : null
      if (!(await memberMayOpen(member, route?.name ?? ''))) {
        return apiError(ctx, 403, 'api.errors.forbidden')
      }
      let raw
      try {
        raw = await listQuery.validate(request.qs())
      } catch (error) {
        return response.unprocessableEntity({
          errors: (error as { messages?: unknown }).messages ?? [],
        })
      }
      const query: Query = { ...raw, from: undefined, to: undefined }
      for (const field of ['from', 'to'] as const) {
        if (raw[field] === undefined) continue
        const parsed = DateTime.fromISO(raw[field]!, { zone: 'utc' })
        if (!parsed.isValid) {
          return response.unprocessableEntity({
            errors: [{ field, message: `${field} must be an ISO 8601 date and time` }],
          })
        }
        query[field] = parsed.toJSDate()
      }
      const { from, to } = this.range(query)
      const days = (to.getTime() - from.getTime()) / 86_400_000
      if (days < 0 || days > MAX_RANGE_DAYS) {
        return response.unprocessableEntity({
          errors: [
            {
              field: 'from',
              message: `from must be before to, at most ${MAX_RANGE_DAYS} days apart`,
            },
          ],
        })
      }
      const scope = { companyId: token.companyId, deviceGroupIds: deviceGroupsOf(member) }
      const data = await handler(token.companyId, query, scope)
      return { data, page: query.page ?? 1, perPage: query.perPage ?? 100 }
    }
  }
}
