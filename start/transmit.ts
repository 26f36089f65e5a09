/*
| Live updates over Server-Sent Events. A user may subscribe only to the live
| channel of the company they are working in.
*/
import transmit from '@adonisjs/transmit/services/main'

transmit.registerRoutes()

transmit.authorize<{ id: string }>('companies/:id/live', (ctx, { id }) => {
  return ctx.company !== undefined && ctx.company.id === Number(id)
})
