import type { HttpContext } from '@adonisjs/core/http'
import { companyMembers, findCompanyMemberByUser } from '#queries/account/team'
import { teamRoles } from '#enums/team_role'
import { menuPermissionRules, setMenuPermission } from '#services/menu_permissions'
import {
  companySettingsValidator,
  menuPermissionsValidator,
} from '#validators/account/account_validators'

/** The current company's details and its menu permissions (menus hidden from the sidebar). */
export default class CompanySettingsController {
  async show({ inertia, company }: HttpContext) {
    const c = company!
    return inertia.render('account/company_settings', {
      companyDetails: {
        name: c.name,
        contact_email: c.contactEmail ?? '',
        contact_phone: c.contactPhone ?? '',
        address: c.address ?? '',
        tax_id: c.taxId ?? '',
        city: c.city ?? '',
        state: c.state ?? '',
        postal_code: c.postalCode ?? '',
        country: c.country ?? '',
        logo_url: c.logoUrl ?? '',
      },
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
      roles: teamRoles.map((role) => ({
        role,
        hidden: rules.roles[role] ?? null,
        hrAccess: rules.hrAccess.roles[role],
      })),
      members: members.map((member) => ({
        userId: member.userId,
        email: member.user.email,
        role: member.role,
        hidden: rules.users[member.userId] ?? null,
        hrAccess: rules.hrAccess.users[member.userId] ?? rules.hrAccess.roles[member.role],
      })),
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
