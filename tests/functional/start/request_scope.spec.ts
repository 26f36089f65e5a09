import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { requestLimits } from '#config/database'
import {
  backendCanceller,
  installRequestScopes,
  RequestGoneError,
  RequestScope,
  type PooledClient,
} from '#services/db/request_scope'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, signIn } from '#tests/helpers/http_session'

/** The app's pool, as the request scope middleware sets it up. */
function appPool() {
  const client = db.connection().getWriteClient().client as PooledClient & {
    connectionSettings: Record<string, unknown>
  }
  installRequestScopes([client])
  return {
    cancel: backendCanceller(client.connectionSettings),
    settings: client.connectionSettings,
  }
}

async function failureOf(work: Promise<unknown>) {
  try {
    await work
  } catch (error) {
    return error as Error & { code?: string }
  }
  throw new Error('expected the query to fail')
}

test.group('Database limits of a request', () => {
  test('every connection of the app runs under the statement timeout, which cancels a slow query', async ({
    assert,
  }) => {
    assert.isAbove(requestLimits.statementTimeoutMs, 0)
    const shown = await db.rawQuery(`SELECT current_setting('statement_timeout') AS value`)
    assert.equal(shown.rows[0].value, `${requestLimits.statementTimeoutMs / 1000}s`)

    // The same connection settings with a short timeout: the server cancels the query itself.
    const config = db.getRawConnection('postgres')!.config
    db.manager.add('short_timeout', {
      ...config,
      connection: { ...(config.connection as object), statement_timeout: 300 },
    } as unknown as typeof config)
    try {
      const started = Date.now()
      const error = await failureOf(db.connection('short_timeout').rawQuery('SELECT pg_sleep(5)'))
      assert.equal(error.code, '57014')
      assert.isBelow(Date.now() - started, 3000)
    } finally {
      await db.manager.close('short_timeout', true)
    }
  })

  test('a request whose client goes away has its running query cancelled and gets no other', async ({
    assert,
  }) => {
    const { cancel } = appPool()
    const scope = new RequestScope(2, 5000, cancel)
    const started = Date.now()
    const running = scope.run(async () => db.rawQuery('SELECT pg_sleep(20)'))
    const failed = failureOf(running)
    await new Promise((resolve) => setTimeout(resolve, 300))
    assert.equal(scope.heldCount, 1)
    await scope.abort()
    const error = await failed
    assert.equal(error.code, '57014')
    assert.isBelow(Date.now() - started, 5000)
    assert.instanceOf(
      await failureOf(scope.run(async () => db.rawQuery('SELECT 1'))),
      RequestGoneError
    )
    // The pool is whole again: the cancelled connection came back.
    assert.equal(scope.heldCount, 0)
    assert.equal((await db.rawQuery('SELECT 1 AS one')).rows[0].one, 1)
  }).timeout(15_000)

  test('a request holds at most its share of the pool; another request is not held up', async ({
    assert,
  }) => {
    const { cancel } = appPool()
    const greedy = new RequestScope(2, 5000, cancel)
    let most = 0
    const sampler = setInterval(() => (most = Math.max(most, greedy.heldCount)), 5)
    const started = Date.now()
    const greedyWork = greedy.run(() =>
      Promise.all(Array.from({ length: 6 }, () => db.rawQuery('SELECT pg_sleep(0.3)')))
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const other = new RequestScope(2, 5000, cancel)
    const otherStarted = Date.now()
    await other.run(async () => db.rawQuery('SELECT 1'))
    const otherTook = Date.now() - otherStarted
    await greedyWork
    clearInterval(sampler)
    assert.equal(most, 2)
    // Six queries of 0.3 s two at a time: three rounds.
    assert.isAtLeast(Date.now() - started, 850)
    assert.isBelow(otherTook, 250)
  }).timeout(15_000)
})

test.group('Database limits of a request: over HTTP', () => {
  test('a page whose client goes away has its waiting query cancelled', async ({ assert }) => {
    const { user } = await createMember({ role: 'user' })
    const cookie = await signIn(user.email, 'secret-password')
    // Another session holds a lock the reports index needs: its query waits on it.
    const locker = await db.connection().transaction()
    try {
      await locker.rawQuery('LOCK TABLE scheduled_reports IN ACCESS EXCLUSIVE MODE')
      const waiting = async () => {
        const { rows } = await db.rawQuery(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query ILIKE '%scheduled_reports%'`
        )
        return rows[0].n as number
      }
      const abort = new AbortController()
      const request = fetch(`${baseUrl()}/backend/reports`, {
        headers: { cookie },
        signal: abort.signal,
      }).catch(() => null)
      for (let tries = 0; (await waiting()) === 0 && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.equal(await waiting(), 1)
      abort.abort()
      await request
      let left = 1
      for (let tries = 0; tries < 20 && left > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        left = await waiting()
      }
      // Cancelled while the lock is still held: well before the 10 s statement timeout.
      assert.equal(left, 0)
    } finally {
      await locker.rollback()
    }
  }).timeout(20_000)
})
