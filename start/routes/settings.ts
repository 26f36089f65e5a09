/*
| The settings pages of the back office (spec §2, §3): buildings, working hours, the
| company's SMTP server and SMS provider, command templates, other settings, integrations and
| the disaster alert system. Admin-or-above reads and changes them; the buildings layer of
| the live map is read by every member.
*/
import router from '@adonisjs/core/services/router'
import { localized } from '#start/routes/localized'
import { declareRoute } from '#abilities/route_access'
import { apiResources } from '#services/integrations/api_scopes'
import { ApiRecordsController } from '#crud/api_resource_controller'

const BuildingsController = () => import('#controllers/settings/buildings_controller')
const WorkingHoursController = () => import('#controllers/settings/working_hours_controller')
const ProviderSettingsController = () =>
  import('#controllers/settings/provider_settings_controller')
const CommandsController = () => import('#controllers/settings/commands_controller')
const IntegrationsController = () => import('#controllers/settings/integrations_controller')
const ApiV1Controller = () => import('#controllers/api/api_v1_controller')
const OtherSettingsController = () => import('#controllers/settings/other_settings_controller')
const DisasterAlertController = () => import('#controllers/settings/disaster_alert_controller')

router.group(() => {
  localized('get', 'settings.buildings', [BuildingsController, 'index'])
  localized('post', 'settings.buildings', [BuildingsController, 'store'])
  localized('put', 'settings.buildings', [BuildingsController, 'update'], '/:id')
  localized('delete', 'settings.buildings', [BuildingsController, 'destroy'], '/:id')

  localized('get', 'settings.working-hours', [WorkingHoursController, 'show'])
  localized('put', 'settings.working-hours', [WorkingHoursController, 'update'])

  // One controller for the company's e-mail and SMS providers: the route names the channel.
  for (const page of ['settings.email-settings', 'settings.sms-settings'] as const) {
    localized('get', page, [ProviderSettingsController, 'show'])
    localized('put', page, [ProviderSettingsController, 'update'])
    localized('delete', page, [ProviderSettingsController, 'destroy'])
    localized('post', page, [ProviderSettingsController, 'test'], '/test')
  }

  localized('get', 'settings.integrations-settings', [IntegrationsController, 'index'])
  localized(
    'post',
    'settings.integrations-settings',
    [IntegrationsController, 'storeToken'],
    '/tokens'
  )
  localized(
    'delete',
    'settings.integrations-settings',
    [IntegrationsController, 'revokeToken'],
    '/tokens/:id'
  )
  localized(
    'post',
    'settings.integrations-settings',
    [IntegrationsController, 'storeWebhook'],
    '/webhooks'
  )
  localized(
    'put',
    'settings.integrations-settings',
    [IntegrationsController, 'toggleWebhook'],
    '/webhooks/:id'
  )
  localized(
    'delete',
    'settings.integrations-settings',
    [IntegrationsController, 'destroyWebhook'],
    '/webhooks/:id'
  )

  localized('get', 'settings.other-settings', [OtherSettingsController, 'show'])
  localized('put', 'settings.other-settings', [OtherSettingsController, 'update'])
})

// Commands: managers and above send and read the log; admins write the saved commands.
router.group(() => {
  localized('get', 'settings.commands', [CommandsController, 'index'])
  localized('post', 'settings.commands', [CommandsController, 'send'], '/send')
  localized('post', 'settings.commands', [CommandsController, 'storeTemplate'], '/templates')
  localized('put', 'settings.commands', [CommandsController, 'updateTemplate'], '/templates/:id')
  localized(
    'delete',
    'settings.commands',
    [CommandsController, 'destroyTemplate'],
    '/templates/:id'
  )
})

// Every member: the buildings layer of the maps, and the disaster alert page (coming soon).
localized('get', 'settings.buildings', [BuildingsController, 'data'], '/data')
localized('get', 'settings.disaster-alert-system', [DisasterAlertController, 'show'])

// The JSON API of integrations: a company API token as Bearer, no session.
router
  .group(() => {
    router.get('/devices', [ApiV1Controller, 'devices']).as('api.v1.devices')
    router.get('/positions/live', [ApiV1Controller, 'positions']).as('api.v1.positions')
    router.get('/trips', [ApiV1Controller, 'trips']).as('api.v1.trips')
    router.get('/events', [ApiV1Controller, 'events']).as('api.v1.events')
    router.get('/openapi.json', [ApiV1Controller, 'openapi']).as('api.v1.openapi')
    // Vehicles, drivers, fuel entries and fleet records: read and write by token scope, as the
    // token's member (ApiRecordsController asks their menus and abilities).
    for (const api of apiResources) {
      const controller = new ApiRecordsController(api)
      const name = `api.v1.${api.name}`
      router.get(`/${api.name}`, controller.index).as(`${name}.index`)
      router.post(`/${api.name}`, controller.store).as(`${name}.store`)
      router.get(`/${api.name}/:id`, controller.show).as(`${name}.show`)
      router.put(`/${api.name}/:id`, controller.update).as(`${name}.update`)
      router.patch(`/${api.name}/:id`, controller.update).as(`${name}.patch`)
      router.delete(`/${api.name}/:id`, controller.destroy).as(`${name}.destroy`)
      for (const action of ['index', 'store', 'show', 'update', 'patch', 'destroy']) {
        declareRoute(`${name}.${action}`, { open: true })
      }
    }
  })
  .prefix('/api/v1')
