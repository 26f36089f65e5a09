import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import TrackerSimulate from '#commands/tracker_simulate'
import { createMember } from '#tests/helpers/accounts'
import { startTrackingService, uniqueFirstImei } from './helpers/tracking_harness.js'

test.group('tracker:simulate', (group) => {
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('exits non-zero on bad input', async () => {
    for (const args of [
      ['--devices=0'],
      ['--devices=2.5'],
      ['--protocol=tk103'],
      ['--interval=0'],
      ['--port=70000'],
      ['--speedup=-1'],
      ['--duration=0'],
      ['--first-imei=86000000000000x'],
      ['--first-imei=999999999999999', '--devices=2'],
      ['--company=Nobody Ltd', '--duration=1', '--first-imei=879999999999000'],
    ]) {
      const command = await ace.create(TrackerSimulate, args)
      await command.exec()
      command.assertFailed()
    }
  })

  test('registers the vehicles (idempotently) and drives them to the listener', async ({
    assert,
  }) => {
    const { service } = await startTrackingService()
    try {
      const { company } = await createMember()
      const firstImei = uniqueFirstImei()
      const args = [
        '--devices=3',
        '--protocol=gt06',
        `--port=${service.boundPorts.gt06}`,
        `--first-imei=${firstImei}`,
        `--company=${company.name}`,
        '--interval=10',
        '--speedup=30',
        '--duration=2',
      ]
      for (let run = 0; run < 2; run++) {
        const command = await ace.create(TrackerSimulate, args)
        await command.exec()
        command.assertSucceeded()
        command.assertLogMatches(run === 0 ? /3 new, 0 already there/ : /0 new, 3 already there/)
        command.assertLogMatches(/final: online 0/)
      }
      await service.writer.drain()
      const devices = await db.from('devices').where('company_id', company.id).orderBy('imei')
      assert.deepEqual(
        devices.map((device) => device.protocol),
        ['gt06', 'gt06', 'gt06']
      )
      assert.equal(devices[0].imei, firstImei)
      assert.match(devices[0].name, /^34 [A-Z]{3} \d{3}$/)
      assert.match(devices[1].name, /^\d{3} [A-Z]{3}$/)
      const [row] = await db.from('positions').where('company_id', company.id).count('* as total')
      assert.isAtLeast(Number(row.total), 3)
    } finally {
      await service.stop()
    }
  }).timeout(30_000)
})
