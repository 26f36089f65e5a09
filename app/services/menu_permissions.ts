import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TeamRole } from '#enums/team_role'

/**
 * The menus hidden for the signed-in member (README "Roles"): their own setting if an admin
 * gave them one, else their role's, else the company's. Read once per request.
 */
const perRequest = new WeakMap<HttpContext, Promise<string[]>>()

export function hiddenMenusFor(ctx: HttpContext): Promise<string[]> {
  let hidden = perRequest.get(ctx)
  if (!hidden) {
    hidden = resolve(ctx)
    perRequest.set(ctx, hidden)
  }
  return hidden
}

async function resolve(ctx: HttpContext): Promise<string[]> {
  const company = ctx.company
  if (!company) return []
  const membership = ctx.membership
  if (!membership) return company.hiddenMenus ?? []
  const rows = await db
    .from('menu_permissions')
    .where('company_id', company.id)
    .where((scope) => {
      scope.where('user_id', membership.userId).orWhere('role', membership.role)
    })
    .select('user_id', 'role', 'hidden')
  const own = rows.find((row) => row.user_id !== null)
  const role = rows.find((row) => row.role !== null)
  return (own?.hidden ?? role?.hidden ?? company.hiddenMenus ?? []) as string[]
}

export interface MenuPermissionRules {
  roles: Partial<Record<TeamRole, string[]>>
  users: Record<number, string[]>
}

/** Every per-role and per-member rule of a company. */
export async function menuPermissionRules(companyId: number): Promise<MenuPermissionRules> {
  const rows = await db
    .from('menu_permissions')
    .where('company_id', companyId)
    .select('user_id', 'role', 'hidden')
  const rules: MenuPermissionRules = { roles: {}, users: {} }
  for (const row of rows) {
    if (row.role) rules.roles[row.role as TeamRole] = row.hidden
    else rules.users[row.user_id] = row.hidden
  }
  return rules
}

/** Sets (hidden list) or removes (null: inherit) the rule of a role or a member. */
export async function setMenuPermission(
  companyId: number,
  scope: { role: TeamRole } | { userId: number },
  hidden: string[] | null
) {
  const where =
    'role' in scope
      ? { company_id: companyId, role: scope.role }
      : { company_id: companyId, user_id: scope.userId }
  await db.transaction(async (trx) => {
    await trx.from('menu_permissions').where(where).delete()
    if (hidden !== null) {
      await trx.table('menu_permissions').insert({
        ...where,
        hidden: JSON.stringify(hidden),
        created_at: new Date(),
        updated_at: new Date(),
      })
    }
  })
}
