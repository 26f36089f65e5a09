import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { OfflineSweepJob, type OfflineDevice } from '#jobs/offline_sweep_job'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'

test.group('Offline sweep job', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('runs for the instant it is given: devices silent past their company delay go offline', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const lastSeen = DateTime.fromISO('2026-03-04T12:00:00Z')
    const vehicle = await createVehicle(company)
    await setVehicleState(vehicle, company, {
      last_seen_at: lastSeen.toJSDate(),
      live_status: 'moving',
      speed: 50,
    })
    const offline: OfflineDevice[] = []
    const job = new OfflineSweepJob((device) => offline.push(device))

    // The default delay is 600 s: at 599 s nothing happens, at 601 s the vehicle is offline.
    assert.deepEqual(await job.run(lastSeen.plus({ seconds: 599 })), { affected: 0 })
    assert.deepEqual(offline, [])
    const swept = await job.run(lastSeen.plus({ seconds: 601 }))
    assert.isAtLeast(swept.affected, 1)
    assert.deepInclude(offline, { deviceId: vehicle.id, companyId: company.id })

    const state = await db.from('device_states').where('device_id', vehicle.id).firstOrFail()
    assert.deepInclude(state, { online: false, live_status: 'stopped', speed: 0 })

    // Already offline: a later run leaves it alone.
    offline.length = 0
    await job.run(lastSeen.plus({ hours: 1 }))
    assert.notDeepInclude(offline, { deviceId: vehicle.id, companyId: company.id })
  })

  test("honours the company's own offline delay", async ({ assert }) => {
    const { company } = await createMember()
    await db
      .from('companies')
      .where('id', company.id)
      .update({ tracking_settings: JSON.stringify({ offlineAfterSeconds: 60 }) })
    const lastSeen = DateTime.fromISO('2026-03-04T12:00:00Z')
    const vehicle = await createVehicle(company)
    await setVehicleState(vehicle, company, { last_seen_at: lastSeen.toJSDate() })
    const offline: OfflineDevice[] = []
    await new OfflineSweepJob((device) => offline.push(device)).run(lastSeen.plus({ seconds: 61 }))
    assert.deepInclude(offline, { deviceId: vehicle.id, companyId: company.id })
  })
})
