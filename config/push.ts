import webpush from 'web-push'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

/**
 * Web Push (VAPID). `npm start` writes a key pair into .env on first run, like APP_KEY;
 * without one (tests, `node ace serve` on a bare checkout) a pair is made for this process
 * only, and subscriptions made against it stop working when the process restarts.
 */
function vapidKeys() {
  const publicKey = env.get('VAPID_PUBLIC_KEY')
  const privateKey = env.get('VAPID_PRIVATE_KEY')?.release()
  if (publicKey && privateKey) return { publicKey, privateKey }
  if (env.get('NODE_ENV') !== 'test') {
    logger.warn(
      'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY not set: web push uses keys of this process only'
    )
  }
  return webpush.generateVAPIDKeys()
}

let keys: { publicKey: string; privateKey: string } | null = null

const pushConfig = {
  get keys() {
    keys ??= vapidKeys()
    return keys
  },
  /** Contact the push services may use (a mailto: or https: URL). */
  subject: env.get('VAPID_SUBJECT', 'mailto:no-reply@fleettrack.local'),
}

export default pushConfig
