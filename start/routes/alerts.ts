/*
| Geofences, notification rules, push notification settings and the in-app inbox.
| Pages are in both languages (localized); the inbox and the map layer's data are JSON.
*/
import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware } from '#start/kernel'
import { localized } from '#start/routes/localized'
import { recordIdMatcher } from '#shared/record_id'

const GeofencesController = () => import('#controllers/alerts/geofences_controller')
const AlertRulesController = () => import('#controllers/alerts/alert_rules_controller')
const PushSubscriptionsController = () =>
  import('#controllers/alerts/push_subscriptions_controller')
const InboxController = () => import('#controllers/alerts/inbox_controller')

localized('get', 'settings.geofences', [GeofencesController, 'index'])
localized('get', 'settings.geofences', [GeofencesController, 'data'], '/data')
localized('post', 'settings.geofences', [GeofencesController, 'store'])
localized('put', 'settings.geofences', [GeofencesController, 'update'], '/:id')
localized('delete', 'settings.geofences', [GeofencesController, 'destroy'], '/:id')

// One controller for the notification and push rules: the route names the channel.
for (const page of [
  'settings.notification-settings',
  'settings.push-notification-settings',
] as const) {
  localized('get', page, [AlertRulesController, 'index'])
  localized('post', page, [AlertRulesController, 'store'])
  localized('put', page, [AlertRulesController, 'update'], '/:id')
  localized('delete', page, [AlertRulesController, 'destroy'], '/:id')
}
localized(
  'post',
  'settings.push-notification-settings',
  [PushSubscriptionsController, 'subscribe'],
  '/subscription'
)
localized(
  'delete',
  'settings.push-notification-settings',
  [PushSubscriptionsController, 'unsubscribe'],
  '/subscription'
)

router
  .group(() => {
    router.get('/backend/notifications', [InboxController, 'index']).as('inbox.index')
    router.post('/backend/notifications/read', [InboxController, 'readAll']).as('inbox.read-all')
    router
      .post('/backend/notifications/:id/read', [InboxController, 'read'])
      .as('inbox.read')
      .where('id', recordIdMatcher)
  })
  .use(middleware.auth())

/** A member's inbox channel: only their own. */
transmit.authorize<{ id: string }>('users/:id/notifications', (ctx, { id }) => {
  return ctx.auth?.user !== undefined && ctx.auth.user.id === Number(id)
})
