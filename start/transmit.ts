/*
| Live updates over Server-Sent Events. A stream belongs to the session that opened
| it (the controller derives its uid on the server), subscribing passes the CSRF
| check, and a user may subscribe only to the live channel of the company they are
| working in. A member limited to vehicle groups (issue 27) may not follow the company's
| channel, only the channels of their groups (`groupLiveChannel`).
*/
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { deviceGroupsOf } from '#abilities/vehicle_scope'
import { memberOf } from '#abilities/member'

const TransmitController = () => import('#controllers/live/transmit_controller')

router.get('/__transmit/events', [TransmitController, 'events']).as('transmit.events')
router.post('/__transmit/subscribe', [TransmitController, 'subscribe']).as('transmit.subscribe')
router
  .post('/__transmit/unsubscribe', [TransmitController, 'unsubscribe'])
  .as('transmit.unsubscribe')

transmit.authorize<{ id: string }>('companies/:id/live', async (ctx, { id }) => {
  if (ctx.company === undefined || ctx.company.id !== Number(id)) return false
  return deviceGroupsOf(await memberOf(ctx)) === null
})

transmit.authorize<{ id: string; groupId: string }>(
  'companies/:id/groups/:groupId/live',
  async (ctx, { id, groupId }) => {
    if (ctx.company === undefined || ctx.company.id !== Number(id)) return false
    const groups = deviceGroupsOf(await memberOf(ctx))
    if (groups === null) {
      return Boolean(
        await db
          .from('device_groups')
          .where('company_id', ctx.company.id)
          .where('id', Number(groupId) || 0)
          .first()
      )
    }
    return groups.includes(Number(groupId))
  }
)
