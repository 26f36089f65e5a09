/*
| With SCHEDULER=true (what `npm start` sets) the web process also runs the scheduler, every
| recurring task of app/jobs/schedule.ts, as `node ace scheduler:run` does on its own. Each job
| holds its PostgreSQL advisory lock while it runs, so any number of schedulers is safe.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

if (env.get('SCHEDULER', false)) {
  const { Scheduler, Worker } = await import('adonisjs-scheduler')
  // The scheduler's provider is registered for ace commands only; the web process binds it here.
  if (!app.container.hasBinding('scheduler')) {
    app.container.singleton('scheduler', () => new Scheduler(app))
  }
  await import('#start/scheduler')
  const worker = new Worker(app)
  app.ready(() => {
    worker
      .start()
      .then(() => logger.info('scheduler started in the web process'))
      .catch((error) => logger.error({ err: error }, 'scheduler failed to start'))
  })
  app.terminating(() => worker.stop())
}
