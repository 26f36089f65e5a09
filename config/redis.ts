import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Redis is optional: only used when REDIS_URL is set (live updates across
 * processes). The connection is lazy, so nothing connects without it.
 */
const redisUrl = new URL(env.get('REDIS_URL', 'redis://127.0.0.1:6379/0'))

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
      password: decodeURIComponent(redisUrl.password) || undefined,
      db: Number(redisUrl.pathname.slice(1) || 0),
      keyPrefix: '',
      lazyConnect: true,
      retryStrategy(times) {
        return Math.min(times * 200, 5000)
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
