import { test } from '@japa/runner'
import os from 'node:os'
import pg from 'pg'
import env from '#start/env'
import { databaseHost, isLocalDatabase, lowerBackendPriority } from '#services/db/backend_priority'

test.group('Ingest first: the web process’s backends run at a lower priority', () => {
  test('only a database on this host is concerned', ({ assert }) => {
    assert.isTrue(isLocalDatabase(databaseHost('postgres://u@127.0.0.1:5432/db', undefined)))
    assert.isTrue(isLocalDatabase(databaseHost('postgres://u@localhost/db', undefined)))
    assert.isTrue(isLocalDatabase(databaseHost('postgres://u@[::1]:5432/db', undefined)))
    assert.isTrue(isLocalDatabase(databaseHost(undefined, '/var/run/postgresql')))
    assert.isTrue(
      isLocalDatabase(databaseHost(undefined, undefined)),
      'DB_HOST defaults to loopback'
    )
    assert.isFalse(isLocalDatabase(databaseHost('postgres://u@db.internal:5432/db', undefined)))
    assert.isFalse(isLocalDatabase(databaseHost(undefined, '10.0.0.5')))
    assert.isFalse(isLocalDatabase(databaseHost('not a url', undefined)))
  })

  test('a new connection’s backend gets the nice value, and the connection still works', async ({
    assert,
  }) => {
    const url = env.get('DATABASE_URL')
    const client = new pg.Client(url ? { connectionString: url } : {})
    await client.connect()
    try {
      await new Promise<void>((resolve, reject) =>
        lowerBackendPriority(7)(client as never, (error) => (error ? reject(error) : resolve()))
      )
      const { rows } = await client.query('SELECT pg_backend_pid() AS pid, 1 AS one')
      assert.equal(rows[0].one, 1)
      if (isLocalDatabase(databaseHost(url, env.get('DB_HOST')))) {
        assert.isAtLeast(os.getPriority(Number(rows[0].pid)), 7)
      }
    } finally {
      await client.end()
    }
  })
})
