import type { HttpContext } from '@adonisjs/core/http'
import { companyMembers, findCompanyMemberByUser } from '#queries/account/team'
import { teamRoles } from '#enums/team_role'
import { companyDetailsForForm } from '#transformers/account/company_details_transformer'
import { roleMenuPermission } from '#transformers/account/role_menu_permission_transformer'
import { memberMenuPermission } from '#transformers/account/member_menu_permission_transformer'
import { menuPermissionRules, setMenuPermission } from '#services/menu_permissions'
import {
  companySettingsValidator,
  menuPermissionsValidator,
} from '#validators/account/account_validators'

/** The current company's details and its menu permissions (menus hidden from the sidebar). */
export default class CompanySettingsController {
  async show({ inertia, company }: HttpContext) {
    return inertia.render('account/company_settings', {
      companyDetails: companyDetailsForForm(company!),
    })
  }

  async update({ request, company, session, response, i18n }: HttpContext) {
    const payload = await request.validateUsing(companySettingsValidator, {
      meta: { companyId: company!.id },
    })
    company!.merge({
      name: payload.name,
      contactEmail: payload.contact_email ?? null,
      contactPhone: payload.contact_phone ?? null,
      address: payload.address ?? null,
      taxId: payload.tax_id ?? null,
      city: payload.city ?? null,
      state: payload.state ?? null,
      postalCode: payload.postal_code ?? null,
      country: payload.country ?? null,
      logoUrl: payload.logo_url ?? null,
    })
    await company!.save()
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }

  /** The company's hidden menus, and the settings of each role and member that override them. */
  async menuPermissions({ inertia, company }: HttpContext) {
    const rules = await menuPermissionRules(company!.id)
    const members = await companyMembers(company!.id)
    return inertia.render('account/menu_permissions', {
      hidden: company!.hiddenMenus,
      roles: teamRoles.map((role) => roleMenuPermission(role, rules)),
      members: members.map((member) => memberMenuPermission(member, rules)),
    })
  }

  async updateMenuPermissions({ request, company, session, response, i18n }: HttpContext) {
    const data = await request.validateUsing(menuPermissionsValidator)
    // Either the HR right alone, or the menus (null: follow the wider setting again).
    const change =
      data.hr_access === undefined
        ? { hidden: data.inherit ? null : (data.hidden ?? []) }
        : { hrAccess: data.hr_access }
    if (data.scope === 'role' && data.role) {
      await setMenuPermission(company!.id, { role: data.role }, change)
    } else if (data.scope === 'user' && data.user_id) {
      // Only a member of this company: another company's user is a 404.
      await findCompanyMemberByUser(company!.id, data.user_id)
      await setMenuPermission(company!.id, { userId: data.user_id }, change)
    } else if (data.hr_access === undefined) {
      company!.hiddenMenus = data.hidden ?? []
      await company!.save()
    }
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }
}
