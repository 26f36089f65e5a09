/*
| Live updates over Server-Sent Events. A stream belongs to the session that opened
| it (the controller derives its uid on the server), subscribing passes the CSRF
| check, and a user may subscribe only to the live channel of the company they are
| working in.
*/
import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'

const TransmitController = () => import('#controllers/live/transmit_controller')

router.get('/__transmit/events', [TransmitController, 'events']).as('transmit.events')
router.post('/__transmit/subscribe', [TransmitController, 'subscribe']).as('transmit.subscribe')
router
  .post('/__transmit/unsubscribe', [TransmitController, 'unsubscribe'])
  .as('transmit.unsubscribe')

transmit.authorize<{ id: string }>('companies/:id/live', (ctx, { id }) => {
  return ctx.company !== undefined && ctx.company.id === Number(id)
})
