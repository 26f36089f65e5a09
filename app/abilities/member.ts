import type { HttpContext } from '@adonisjs/core/http'
import { Bouncer } from '@adonisjs/bouncer'
import * as abilities from '#abilities/main'
import type { Member } from '#abilities/main'
import db from '@adonisjs/lucid/services/db'
import { memberSettingsFor, settingsOf } from '#services/menu_permissions'

/** The signed-in member of the current company as the abilities see them; null otherwise. */
export async function memberOf(ctx: HttpContext): Promise<Member | null> {
  const membership = ctx.membership
  if (!membership || !ctx.company) return null
  const settings = await memberSettingsFor(ctx)
  return {
    userId: membership.userId,
    companyId: ctx.company.id,
    role: membership.role,
    hiddenMenus: settings.hidden,
    hrAccess: settings.hrAccess,
    deviceGroupIds: groupIds(membership.deviceGroupIds),
  }
}

const groupIds = (value: unknown): number[] | null =>
  Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : null

/** A bouncer for the request's member (the middleware's, or one made here before it ran). */
export async function bouncerOf(ctx: HttpContext) {
  if (ctx.bouncer) return ctx.bouncer
  return new Bouncer(await memberOf(ctx), abilities)
}

/** The answers pages receive as `can` (shared props), so no page decides from a role. */
export async function pageFlags(ctx: HttpContext) {
  const bouncer = await bouncerOf(ctx)
  const names = [
    'manageFleet',
    'sendCommands',
    'scheduleReports',
    'administerCompany',
    'seeBilling',
    'ownCompany',
    'viewPersonalData',
    'fileForOthers',
    'seeEveryonesRequests',
  ] as const
  const answers = await Promise.all(names.map((name) => bouncer.allows(name)))
  return Object.fromEntries(names.map((name, index) => [name, answers[index]])) as Record<
    (typeof names)[number],
    boolean
  >
}

/**
 * A member as the abilities see them outside a session (API tokens, jobs): their role and the
 * company's settings for them; null when they are no longer a member of the company.
 */
export async function memberOfUser(companyId: number, userId: number): Promise<Member | null> {
  const membership = await db
    .from('team_members as m')
    .join('companies as c', 'c.id', 'm.company_id')
    .where('m.company_id', companyId)
    .where('m.user_id', userId)
    .select('m.role', 'm.device_group_ids', 'c.hidden_menus')
    .first()
  if (!membership) return null
  const settings = await settingsOf(
    companyId,
    userId,
    membership.role,
    membership.hidden_menus ?? []
  )
  return {
    userId,
    companyId,
    role: membership.role,
    hiddenMenus: settings.hidden,
    hrAccess: settings.hrAccess,
    deviceGroupIds: groupIds(membership.device_group_ids),
  }
}

/** Whether a member (or nobody) may use a route, by name, outside a session. */
export function memberMayOpen(member: Member | null, routeName: string) {
  return new Bouncer(member, abilities).allows('openRoute', routeName)
}
