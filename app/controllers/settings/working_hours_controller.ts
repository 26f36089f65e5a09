import type { HttpContext } from '@adonisjs/core/http'
import CompanySetting from '#models/company_setting'
import { saveWorkingHours } from '#actions/settings/save_working_hours'
import { defaultWorkingHours, weekdays, type WorkingHours } from '#services/settings/working_hours'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { validateOrFlash } from '#services/settings/field_error'
import { workingDayForForm } from '#transformers/settings/working_day_transformer'
import { workingHoursValidator } from '#validators/settings/settings_validators'

/** The company's working hours per weekday (spec §3), admin-or-above to change. */
export default class WorkingHoursController {
  async show({ inertia, company }: HttpContext) {
    const settings = await CompanySetting.find(company!.id)
    const hours = settings?.workingHours ?? defaultWorkingHours
    return inertia.render('settings/working_hours', {
      configured: Boolean(settings?.workingHours),
      days: weekdays.map((day) => workingDayForForm(day, hours)),
    })
  }

  async update(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const payload = (await validateOrFlash(
      ctx,
      () =>
        request.validateUsing(workingHoursValidator, {
          messagesProvider: new SettingsMessagesProvider(i18n, 'working_hours'),
        }),
      'messages.form.failed'
    )) as Record<string, string | boolean | undefined>
    const hours = Object.fromEntries(
      weekdays.map((day) => [
        day,
        payload[`${day}_off`]
          ? null
          : { from: String(payload[`${day}_from`]), to: String(payload[`${day}_to`]) },
      ])
    ) as WorkingHours
    await saveWorkingHours(company!.id, hours)
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }
}
