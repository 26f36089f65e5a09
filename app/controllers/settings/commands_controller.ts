import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { vehicleScopeOf } from '#abilities/request_vehicle_scope'
import CommandTemplate from '#models/command_template'
import { sendCommandTemplate } from '#actions/settings/send_command_template'
import { commandLog } from '#queries/settings/command_log'
import {
  commandTargets,
  commandTemplateNameTaken,
  companyCommandTemplates,
  findCompanyCommandTemplate,
} from '#queries/settings/command_templates'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { fieldError } from '#services/settings/field_error'
import {
  commandTemplateValidator,
  sendCommandValidator,
} from '#validators/settings/settings_validators'
import { commandLogLine } from '#transformers/settings/command_transformer'
import { commandTemplateForList } from '#transformers/settings/command_template_transformer'
import { commandVehicleForPage } from '#transformers/settings/command_vehicle_transformer'
import { deviceGroupForChoice } from '#transformers/fleet/device_group_transformer'

const logQuery = vine.create({
  page: vine.number().withoutDecimals().min(1).max(100000).optional(),
  device: vine.number().withoutDecimals().min(1).optional(),
})

/**
 * Saved commands per protocol (admins write them), sent from here to one vehicle or a group
 * (managers and above), and the log of every command sent with its status and reply.
 */
export default class CommandsController {
  async index(ctx: HttpContext) {
    const { inertia, company, request } = ctx
    const companyId = company!.id
    const query = await logQuery
      .validate(request.qs())
      .catch(() => ({ page: 1, device: undefined }))
    const page = query.page ?? 1
    const { deviceGroupIds } = await vehicleScopeOf(ctx)
    const [templates, { devices, groups }, log] = await Promise.all([
      companyCommandTemplates(companyId),
      commandTargets(companyId, deviceGroupIds),
      commandLog(companyId, page, query.device ?? null, deviceGroupIds),
    ])
    return inertia.render('settings/commands', {
      templates: templates.map(commandTemplateForList),
      devices: devices.map(commandVehicleForPage),
      groups: groups.map(deviceGroupForChoice),
      log: log.rows.map(commandLogLine),
      logPage: page,
      logHasMore: log.hasMore,
      logDevice: query.device ?? null,
      canEditTemplates: await ctx.bouncer.allows('administerCompany'),
    })
  }

  async storeTemplate(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const { request, company, session, response, i18n } = ctx
    const payload = await request.validateUsing(commandTemplateValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'commands'),
    })
    if (await commandTemplateNameTaken(company!.id, payload.protocol, payload.name, null)) {
      return fieldError(ctx, 'name', i18n.t('settings.commands.name_taken'))
    }
    await CommandTemplate.create({ ...payload, companyId: company!.id })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  async updateTemplate(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const { request, company, params, session, response, i18n } = ctx
    const template = await findCompanyCommandTemplate(company!.id, params.id)
    const payload = await request.validateUsing(commandTemplateValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'commands'),
    })
    if (await commandTemplateNameTaken(company!.id, payload.protocol, payload.name, template.id)) {
      return fieldError(ctx, 'name', i18n.t('settings.commands.name_taken'))
    }
    template.merge(payload)
    await template.save()
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroyTemplate(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const { company, params, session, response, i18n } = ctx
    const template = await findCompanyCommandTemplate(company!.id, params.id)
    await template.delete()
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }

  /** Queues a saved command for one vehicle or a whole group (managers and above). */
  async send(ctx: HttpContext) {
    await ctx.bouncer.authorize('sendCommands')
    const { request, company, session, response, i18n, auth } = ctx
    const payload = await request.validateUsing(sendCommandValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'commands'),
    })
    const result = await sendCommandTemplate({
      companyId: company!.id,
      userId: auth.user?.id ?? null,
      templateId: payload.template_id,
      target:
        payload.target === 'group'
          ? { kind: 'group', groupId: payload.group_id! }
          : { kind: 'device', deviceId: payload.device_id! },
    })
    if (result.queued === 0) {
      return fieldError(
        ctx,
        payload.target === 'group' ? 'group_id' : 'device_id',
        i18n.t('settings.commands.none_queued', { skipped: result.skipped })
      )
    }
    session.flash(
      'success',
      i18n.t('settings.commands.queued', { queued: result.queued, skipped: result.skipped })
    )
    return response.redirect().back()
  }
}
