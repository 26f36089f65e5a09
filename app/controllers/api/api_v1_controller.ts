import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { findApiToken } from '#services/integrations/api_tokens'
import { apiError } from '#services/integrations/api_auth'
import { scopeAllows, TRACKING_SCOPE } from '#services/integrations/api_scopes'
import { openApiDocument } from '#services/integrations/openapi'
import { memberMayOpen, memberOfUser } from '#abilities/member'
import { deviceGroupsOf, type VehicleScope } from '#abilities/vehicle_scope'
import {
  API_DEFAULT_PER_PAGE,
  apiDevices,
  apiEvents,
  apiPositions,
  apiRange,
  apiTrips,
  type ApiListQuery,
} from '#queries/api/api_v1'

const MAX_PER_PAGE = 500
const MAX_RANGE_DAYS = 31

const listQuery = vine.create({
  page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(MAX_PER_PAGE).optional(),
  deviceId: vine.number().withoutDecimals().min(1).optional(),
  from: vine.string().trim().maxLength(40).optional(),
  to: vine.string().trim().maxLength(40).optional(),
})

/**
 * The tracking part of a company's JSON API (integrations settings): devices, live positions,
 * trips and events, read with a company API token holding the `tracking` scope as
 * `Authorization: Bearer ft_...` (records: ApiRecordsController in app/crud/api_resource_controller.ts, the resource machinery's API side). Lists are
 * paged (`page`, `perPage` up to 500); trips and events take a time range (`from`, `to`,
 * ISO 8601, at most 31 days; the last 24 hours by default) and `deviceId`.
 */
export default class ApiV1Controller {
  /** The OpenAPI 3.1 document of the API, public (it holds no company data). */
  openapi({ response }: HttpContext) {
    response.header('cache-control', 'public, max-age=300')
    return response.json(openApiDocument())
  }

  devices = this.guarded(apiDevices)
  positions = this.guarded(apiPositions)
  trips = this.guarded(apiTrips)
  events = this.guarded(apiEvents)

  /** Bearer token -> company; the query validated; `{ data, page, perPage }` or a JSON error. */
  private guarded(
    handler: (companyId: number, query: ApiListQuery, scope: VehicleScope) => Promise<unknown[]>
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
      const query: ApiListQuery = { ...raw, from: undefined, to: undefined }
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
      const { from, to } = apiRange(query)
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
      return { data, page: query.page ?? 1, perPage: query.perPage ?? API_DEFAULT_PER_PAGE }
    }
  }
}
