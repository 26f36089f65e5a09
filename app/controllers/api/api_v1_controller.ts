import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { findApiToken } from '#services/integrations/api_tokens'
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
 * The read-only JSON API of a company (integrations settings): devices, live positions,
 * trips and events, with a company API token as `Authorization: Bearer ft_...`. Lists are
 * paged (`page`, `perPage` up to 500); trips and events take a time range (`from`, `to`,
 * ISO 8601, at most 31 days; the last 24 hours by default) and `deviceId`.
 */
export default class ApiV1Controller {
  devices = this.guarded(apiDevices)
  positions = this.guarded(apiPositions)
  trips = this.guarded(apiTrips)
  events = this.guarded(apiEvents)

  /** Bearer token -> company; the query validated; `{ data, page, perPage }` or a JSON error. */
  private guarded(
    handler: (companyId: number, query: ApiListQuery, scope: VehicleScope) => Promise<unknown[]>
  ) {
    return async ({ request, response, route }: HttpContext) => {
      response.header('cache-control', 'no-store')
      const header = request.header('authorization') ?? ''
      const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
      const token = await findApiToken(bearer)
      if (!token) {
        response.header('www-authenticate', 'Bearer realm="FleetTrack API"')
        return response.unauthorized({
          error: 'A valid API token is required (Authorization: Bearer <token>).',
        })
      }
      // A token acts as the member who created it: their role and the menus hidden for them
      // (a token whose creator left the company opens nothing).
      const member = token.createdBy ? await memberOfUser(token.companyId, token.createdBy) : null
      if (!(await memberMayOpen(member, route?.name ?? ''))) {
        return response.forbidden({ error: 'This API token may not read this.' })
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
