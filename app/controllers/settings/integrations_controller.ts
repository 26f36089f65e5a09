import type { HttpContext } from '@adonisjs/core/http'
import Webhook from '#models/webhook'
import { revokeApiToken, toggleWebhook } from '#actions/settings/integrations'
import {
  companyApiTokens,
  companyWebhooks,
  findCompanyWebhook,
  webhookDeliveryCounts,
} from '#queries/settings/integrations'
import { appUrl } from '#services/alternates'
import { createApiToken } from '#services/integrations/api_tokens'
import { apiResources, apiScopeCatalogue } from '#services/integrations/api_scopes'
import { WEBHOOK_SECRET_PURPOSE } from '#services/integrations/webhooks'
import { sealSecret } from '#services/settings/secrets'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { apiTokenValidator, webhookValidator } from '#validators/settings/settings_validators'
import { apiTokenForList } from '#transformers/settings/api_token_transformer'
import { webhookForList } from '#transformers/settings/webhook_transformer'

/**
 * Integrations (admins and owners): API tokens for the JSON API with their scopes (shown once,
 * stored hashed, revocable) and outgoing webhooks that receive every tracker and record event,
 * signed over timestamp and body.
 */
export default class IntegrationsController {
  async index({ inertia, company, session }: HttpContext) {
    const [tokens, hooks, countOf] = await Promise.all([
      companyApiTokens(company!.id),
      companyWebhooks(company!.id),
      webhookDeliveryCounts(company!.id),
    ])
    return inertia.render('settings/integrations', {
      tokens: tokens.map(apiTokenForList),
      webhooks: hooks.map((hook) =>
        webhookForList(hook, countOf(hook.id, 'pending'), countOf(hook.id, 'failed'))
      ),
      newToken: (session.flashMessages.get('newApiToken') ?? null) as string | null,
      apiBase: `${appUrl()}/api/v1`,
      apiScopes: apiScopeCatalogue,
      apiResources: apiResources.map((api) => api.name),
    })
  }

  async storeToken({ request, company, auth, session, response, i18n }: HttpContext) {
    const { name, scopes } = await request.validateUsing(apiTokenValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'integrations'),
    })
    const { token } = await createApiToken(company!.id, name, auth.user?.id ?? null, scopes)
    session.flash('newApiToken', token)
    session.flash('success', i18n.t('settings.integrations.token_created'))
    return response.redirect().back()
  }

  async revokeToken({ company, params, session, response, i18n }: HttpContext) {
    await revokeApiToken(company!.id, params.id)
    session.flash('success', i18n.t('settings.integrations.token_revoked'))
    return response.redirect().back()
  }

  async storeWebhook({ request, company, session, response, i18n }: HttpContext) {
    const payload = await request.validateUsing(webhookValidator, {
      messagesProvider: new SettingsMessagesProvider(i18n, 'integrations'),
    })
    await Webhook.create({
      companyId: company!.id,
      url: payload.url,
      secret: sealSecret(payload.secret, WEBHOOK_SECRET_PURPOSE),
      active: true,
    })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  /** Turns a webhook on or off. */
  async toggleWebhook({ company, params, session, response, i18n }: HttpContext) {
    await toggleWebhook(company!.id, params.id)
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroyWebhook({ company, params, session, response, i18n }: HttpContext) {
    const hook = await findCompanyWebhook(company!.id, params.id)
    await hook.delete()
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }
}
