import { BaseTransformer } from '@adonisjs/core/transformers'
import type { MenuPermissionRules } from '#services/menu_permissions'
import type { TeamRole } from '#shared/team_roles'

/**
 * A role's line of the menu permissions page: the menus hidden for it (null: the company's)
 * and its HR access. The page's type is generated from this class
 * (`Data.Account.RoleMenuPermission`).
 */
export default class RoleMenuPermissionTransformer extends BaseTransformer<{
  role: TeamRole
  rules: MenuPermissionRules
}> {
  toObject() {
    const { role, rules } = this.resource
    return {
      role,
      hidden: rules.roles[role] ?? null,
      hrAccess: rules.hrAccess.roles[role],
    }
  }
}

export function roleMenuPermission(role: TeamRole, rules: MenuPermissionRules) {
  return new RoleMenuPermissionTransformer({ role, rules }).toObject()
}
