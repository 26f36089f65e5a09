import { DateTime } from 'luxon'
import type { Logger } from '@adonisjs/core/logger'
import { NotificationDispatchJob } from '#jobs/notification_dispatch_job'
import { NotificationDeliveryJob } from '#jobs/notification_delivery_job'
import { NotificationDigestJob } from '#jobs/notification_digest_job'

/**
 * Runs the notification jobs in a long-running process (the web process under
 * `npm start`): every 2 s new events become deliveries and due deliveries are sent; every
 * minute ended digest periods are sent. Runs never overlap, and several processes may run
 * a worker: the jobs lock what they take.
 */
export class NotificationWorker {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private lastDigest = 0
  private readonly dispatch = new NotificationDispatchJob()
  private readonly deliver = new NotificationDeliveryJob()
  private readonly digest = new NotificationDigestJob()

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 2000
  ) {}

  start() {
    this.timer = setInterval(() => {
      if (this.running) return
      this.running = this.tick().finally(() => (this.running = null))
    }, this.intervalMs)
    this.timer.unref()
  }

  async stop() {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  private async tick() {
    const now = DateTime.now()
    try {
      await this.dispatch.run(now)
      if (now.toMillis() - this.lastDigest >= 60_000) {
        this.lastDigest = now.toMillis()
        await this.digest.run(now)
      }
      await this.deliver.run(now)
    } catch (error) {
      this.logger.warn({ err: error }, 'notification worker run failed, retrying')
    }
  }
}
