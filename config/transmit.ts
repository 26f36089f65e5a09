import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@boringnode/bus/transports/redis'

/**
 * Live updates stay in-process unless REDIS_URL is set; then every process
 * (web, tracker listener) shares the channels through Redis.
 */
const redisUrl = env.get('REDIS_URL')

export default defineConfig({
  pingInterval: '25s',
  transport: redisUrl
    ? {
        driver: redis({
          host: new URL(redisUrl).hostname,
          port: Number(new URL(redisUrl).port || 6379),
          password: decodeURIComponent(new URL(redisUrl).password) || undefined,
        }),
      }
    : null,
})
