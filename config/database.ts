import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'

/**
 * DATABASE_URL wins when set; otherwise the DB_* variables. `npm start` and
 * `npm test` set DATABASE_URL to their embedded PostgreSQL when none is given.
 */
const databaseUrl = env.get('DATABASE_URL')

const dbConfig = defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: false,
  connections: {
    postgres: {
      client: 'pg',
      connection: databaseUrl
        ? { connectionString: databaseUrl }
        : {
            host: env.get('DB_HOST', '127.0.0.1'),
            port: env.get('DB_PORT', 5432),
            user: env.get('DB_USER', 'postgres'),
            password: env.get('DB_PASSWORD'),
            database: env.get('DB_DATABASE', 'fleettrack'),
          },
      pool: { min: 0, max: env.get('DB_POOL_MAX', 10) },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      seeders: { paths: ['database/seeders'] },
    },
  },
})

export default dbConfig
