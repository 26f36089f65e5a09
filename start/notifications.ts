/*
| The notification worker (events -> deliveries -> e-mail, SMS, inbox, web push) runs in
| the web process unless NOTIFICATION_WORKER=false (then run `scheduler:run`, which has the
| same jobs in app/jobs/schedule.ts). Tests run the jobs themselves.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

if (env.get('NOTIFICATION_WORKER', !app.inTest)) {
  const { NotificationWorker } = await import('#services/notifications/notification_worker')
  const worker = new NotificationWorker(logger)
  worker.start()
  app.terminating(() => worker.stop())
}
