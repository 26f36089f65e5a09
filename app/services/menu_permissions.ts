import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { teamRoles, type TeamRole } from '#enums/team_role'

/** Roles that hold the HR right unless the company says otherwise (issue 27). */
export const hrRolesByDefault: readonly TeamRole[] = ['owner', 'admin']

export interface MemberSettings {
  /** The menus hidden for the member. */
  hidden: string[]
  /** Whether they may read drivers' personal data and HR reports. */
  hrAccess: boolean
}

/**
 * The menu permissions of the signed-in member (README "Roles"): their own setting if an
 * admin gave them one, else their role's, else the company's (menus) or the role's default
 * (HR right). Read once per request.
 */
const perRequest = new WeakMap<HttpContext, Promise<MemberSettings>>()

export function memberSettingsFor(ctx: HttpContext): Promise<MemberSettings> {
  let settings = perRequest.get(ctx)
  if (!settings) {
    settings = resolve(ctx)
    perRequest.set(ctx, settings)
  }
  return settings
}

export async function hiddenMenusFor(ctx: HttpContext): Promise<string[]> {
  const settings = await memberSettingsFor(ctx)
  return settings.hidden
}

async function resolve(ctx: HttpContext): Promise<MemberSettings> {
  const company = ctx.company
  if (!company) return { hidden: [], hrAccess: false }
  const membership = ctx.membership
  if (!membership) return { hidden: company.hiddenMenus ?? [], hrAccess: false }
  return settingsOf(company.id, membership.userId, membership.role, company.hiddenMenus ?? [])
}

/** A member's settings outside a request (jobs, the API): same rules as `memberSettingsFor`. */
export async function settingsOf(
  companyId: number,
  userId: number,
  role: TeamRole,
  companyHidden: string[]
): Promise<MemberSettings> {
  const rows = await db
    .from('menu_permissions')
    .where('company_id', companyId)
    .where((scope) => {
      scope.where('user_id', userId).orWhere('role', role)
    })
    .select('user_id', 'role', 'hidden', 'hr_access')
  const own = rows.find((row) => row.user_id !== null)
  const ofRole = rows.find((row) => row.role !== null)
  return {
    hidden: (own?.hidden ?? ofRole?.hidden ?? companyHidden) as string[],
    hrAccess: own?.hr_access ?? ofRole?.hr_access ?? hrRolesByDefault.includes(role),
  }
}

export interface MenuPermissionRules {
  /** Hidden menus of each role and member that has its own (null: follows the wider one). */
  roles: Partial<Record<TeamRole, string[] | null>>
  users: Record<number, string[] | null>
  /** The HR right each role and member has, their own setting or the role's default. */
  hrAccess: { roles: Record<TeamRole, boolean>; users: Record<number, boolean | null> }
}

/** Every per-role and per-member rule of a company. */
export async function menuPermissionRules(companyId: number): Promise<MenuPermissionRules> {
  const rows = await db
    .from('menu_permissions')
    .where('company_id', companyId)
    .select('user_id', 'role', 'hidden', 'hr_access')
  const rules: MenuPermissionRules = {
    roles: {},
    users: {},
    hrAccess: {
      roles: Object.fromEntries(
        teamRoles.map((role) => [role, hrRolesByDefault.includes(role)])
      ) as Record<TeamRole, boolean>,
      users: {},
    },
  }
  for (const row of rows) {
    if (row.role) {
      rules.roles[row.role as TeamRole] = row.hidden
      if (row.hr_access !== null) rules.hrAccess.roles[row.role as TeamRole] = row.hr_access
    } else {
      rules.users[row.user_id] = row.hidden
      rules.hrAccess.users[row.user_id] = row.hr_access
    }
  }
  return rules
}

/**
 * Sets a role's or a member's own menus (a hidden list, or null to follow the wider setting)
 * and/or their HR right (null: the role's default). A rule with neither is removed.
 */
export async function setMenuPermission(
  companyId: number,
  scope: { role: TeamRole } | { userId: number },
  change: { hidden?: string[] | null; hrAccess?: boolean | null }
) {
  const where =
    'role' in scope
      ? { company_id: companyId, role: scope.role }
      : { company_id: companyId, user_id: scope.userId }
  await db.transaction(async (trx) => {
    const existing = await trx.from('menu_permissions').where(where).forUpdate().first()
    const hidden = change.hidden !== undefined ? change.hidden : (existing?.hidden ?? null)
    const hrAccess = change.hrAccess !== undefined ? change.hrAccess : (existing?.hr_access ?? null)
    await trx.from('menu_permissions').where(where).delete()
    if (hidden === null && hrAccess === null) return
    await trx.table('menu_permissions').insert({
      ...where,
      hidden: hidden === null ? null : JSON.stringify(hidden),
      hr_access: hrAccess,
      created_at: existing?.created_at ?? new Date(),
      updated_at: new Date(),
    })
  })
}
