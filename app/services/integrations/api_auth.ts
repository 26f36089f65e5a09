import type { HttpContext } from '@adonisjs/core/http'
import { Bouncer } from '@adonisjs/bouncer'
import * as abilities from '#abilities/main'
import type { Member } from '#abilities/main'
import { policies } from '#generated/policies'
import { memberOfUser } from '#abilities/member'
import TeamMember from '#models/team_member'
import User from '#models/user'
import type ApiToken from '#models/api_token'
import { findApiToken } from '#services/integrations/api_tokens'

/** The token of an API request and the member it acts as (null when its creator left). */
export interface ApiActor {
  token: ApiToken
  member: Member | null
}

/** The live token of `Authorization: Bearer ft_...`, or null (the answer is then 401). */
export async function apiActorOf(ctx: HttpContext): Promise<ApiActor | null> {
  const header = ctx.request.header('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  const token = await findApiToken(bearer)
  if (!token) return null
  // A token acts as the member who created it: their role, menus and vehicle groups.
  const member = token.createdBy ? await memberOfUser(token.companyId, token.createdBy) : null
  return { token, member }
}

/**
 * Makes the request the token's member's, whatever session cookie came with it: the company,
 * the membership, the user (time zone, "filed by") and the bouncer the resource machinery
 * asks. The session is never written (nothing is signed in). False when the creator is no
 * longer a member of the token's company.
 */
export async function actAsTokenMember(ctx: HttpContext, actor: ApiActor): Promise<boolean> {
  const { token, member } = actor
  if (!member) return false
  const membership = await TeamMember.query()
    .where('company_id', token.companyId)
    .where('user_id', member.userId)
    .preload('company')
    .first()
  const user = await User.find(member.userId)
  if (!membership || !user) return false
  ctx.membership = membership
  ctx.company = membership.company
  ctx.memberships = [membership]
  const guard = ctx.auth.use('web')
  guard.user = user
  guard.isAuthenticated = true
  guard.authenticationAttempted = true
  ctx.bouncer = new Bouncer<Member, typeof abilities, typeof policies>(
    member,
    abilities,
    policies
  ).setContainerResolver(ctx.containerResolver)
  return true
}

/** A JSON error in the request's language (Accept-Language under /api). */
export function apiError(
  ctx: HttpContext,
  status: 401 | 403 | 404 | 409 | 422,
  key: string,
  values: Record<string, unknown> = {}
) {
  if (status === 401) ctx.response.header('www-authenticate', 'Bearer realm="FleetTrack API"')
  ctx.response.header('cache-control', 'no-store')
  return ctx.response.status(status).send({ error: ctx.i18n.t(key, values) })
}
