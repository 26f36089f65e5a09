import type { HttpContext } from '@adonisjs/core/http'
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

  async menuPermissions({ inertia, company }: HttpContext) {
    return inertia.render('account/menu_permissions', { hidden: company!.hiddenMenus })
  }

  async updateMenuPermissions({ request, company, session, response, i18n }: HttpContext) {
    const { hidden } = await request.validateUsing(menuPermissionsValidator)
    company!.hiddenMenus = hidden ?? []
    await company!.save()
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }
}
