import { AuthorizationResponse, Bouncer } from '@adonisjs/bouncer'
import { roleAtLeast, type TeamRole } from '#enums/team_role'
import { mayGrantRole } from '#abilities/roles'
import type { HideableMenu } from '#shared/menu_permissions'
import { routeDecisionOf } from '#abilities/route_access'

/**
 * The one place that says who may see and do what in a company (issue 27). Controllers,
 * resources, reports, exports, the API and jobs ask these abilities (through `ctx.bouncer`
 * in a request, `abilityAllows` elsewhere); pages receive their answers as `can` flags.
 *
 * Tenancy is not decided here: records are reached only through the current company, so
 * another company's record is a 404 before any ability is asked.
 */

/** Who is asking: a member of one company, with the company's settings for them. */
export interface Member {
  userId: number
  companyId: number
  role: TeamRole
  /** Menus hidden for them (their own, their role's or the company's setting). */
  hiddenMenus: readonly string[]
  /** The HR right: drivers' personal data and HR reports. */
  hrAccess: boolean
  /** The vehicle groups they are limited to (null: all); see app/abilities/vehicle_scope.ts. */
  deviceGroupIds: number[] | null
}

const refused = (messageKey = 'messages.unauthorized') =>
  AuthorizationResponse.deny(messageKey, 403).t(messageKey)

const atLeast = (member: Member, role: TeamRole, messageKey?: string) =>
  roleAtLeast(member.role, role) || refused(messageKey)

/** Runs the fleet: vehicles, drivers, fleet records, approvals, assignments, imports. */
export const manageFleet = Bouncer.ability((member: Member) => atLeast(member, 'manager'))

/**
 * Approves the cost of a work order before it is completed (issue 30, "the manager approves
 * its cost"): managers and above, like the fleet's other approvals.
 */
export const approveWorkOrderCosts = Bouncer.ability((member: Member) =>
  atLeast(member, 'manager', 'fleet_ops.work_orders.approval_refused')
)

/** Sends commands to trackers (engine block included). */
export const sendCommands = Bouncer.ability((member: Member) =>
  atLeast(member, 'manager', 'live.commands.forbidden')
)

/** Schedules reports to be mailed. */
export const scheduleReports = Bouncer.ability((member: Member) => atLeast(member, 'manager'))

/** Company settings, team members, menu permissions, alert and integration settings. */
export const administerCompany = Bouncer.ability((member: Member) => atLeast(member, 'admin'))

/** Reads the company's invoices and billing overview. */
export const seeBilling = Bouncer.ability((member: Member) => atLeast(member, 'admin'))

/** Orders, pays and changes payment settings: the owner alone. */
export const ownCompany = Bouncer.ability((member: Member) => atLeast(member, 'owner'))

/** Gives `role` to someone (invites them, makes them it, or unmakes it). */
export const grantRole = Bouncer.ability(
  (member: Member, role: TeamRole) => mayGrantRole(member.role, role) || refused()
)

/** A menu the company has not hidden for the member. */
export const viewMenu = Bouncer.ability(
  (member: Member, menu: HideableMenu) => !member.hiddenMenus.includes(menu) || refused()
)

/** Drivers' personal fields (birth date, blood type, licence, emergency contact, phone). */
export const viewPersonalData = Bouncer.ability((member: Member) => member.hrAccess || refused())

/** Sees every member's requests and leave, not only their own. */
export const seeEveryonesRequests = Bouncer.ability((member: Member) => atLeast(member, 'manager'))

/** Files leave and requests for someone else than themselves. */
export const fileForOthers = Bouncer.ability(
  (member: Member) => member.hrAccess || atLeast(member, 'manager')
)

/** Files leave, requests and vehicle checks (every member). */
export const fileRequests = Bouncer.ability((_member: Member) => true)

/**
 * A route of the back office, by name: its menu must not be hidden and the ability it needs
 * must allow (app/policies/route_access.ts says which, for every route).
 */
export const openRoute = Bouncer.ability(async (member: Member, routeName: string) => {
  const decision = routeDecisionOf(routeName)
  if (!decision) return refused()
  if (decision.menu && member.hiddenMenus.includes(decision.menu)) return refused()
  if (decision.ability) return allowsFor(member, decision.ability)
  return true
})

/** The abilities a route may require (route_access.ts names them). */
const routeAbilities = {
  manageFleet,
  sendCommands,
  scheduleReports,
  administerCompany,
  seeBilling,
  ownCompany,
  viewPersonalData,
  fileRequests,
  approveWorkOrderCosts,
}
export type RouteAbility = keyof typeof routeAbilities

function allowsFor(member: Member, ability: RouteAbility) {
  return routeAbilities[ability].execute(member)
}
