import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Company from '#models/company'
import TeamMember from '#models/team_member'
import UserCreate from '#commands/user_create'
import CompanyCreate from '#commands/company_create'
import DeviceCreate from '#commands/device_create'
import DeviceClaim from '#commands/device_claim'

test.group('Admin commands', (group) => {
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('company:create is idempotent and refuses a bad name', async ({ assert }) => {
    const name = `Acme ${Date.now()}`
    for (let run = 0; run < 2; run++) {
      const command = await ace.create(CompanyCreate, [`--name=${name}`])
      await command.exec()
      command.assertSucceeded()
    }
    assert.lengthOf(await Company.query().where('name', name), 1)

    const bad = await ace.create(CompanyCreate, ['--name=x'])
    await bad.exec()
    bad.assertFailed()
  })

  test('user:create creates the company when missing, and running it again changes nothing', async ({
    assert,
  }) => {
    const email = `ops-${Date.now()}@acme.test`
    const company = `Acme Transport ${Date.now()}`
    const args = [
      `--email=${email}`,
      '--password=secret-123',
      '--name=Ops',
      `--company=${company}`,
      '--role=admin',
    ]
    for (let run = 0; run < 2; run++) {
      const command = await ace.create(UserCreate, args)
      await command.exec()
      command.assertSucceeded()
    }
    const user = await User.findByOrFail('email', email)
    assert.isTrue(await user.verifyPassword('secret-123'))
    assert.isNotNull(user.emailVerifiedAt)
    const memberships = await TeamMember.query().where('user_id', user.id)
    assert.lengthOf(memberships, 1)
    assert.equal(memberships[0].role, 'admin')
  })

  test('user:create exits non-zero on bad input and creates nothing', async ({ assert }) => {
    for (const args of [
      ['--email=not-an-email', '--password=secret-123', '--company=Acme Bad'],
      ['--email=short@acme.test', '--password=123', '--company=Acme Bad'],
      ['--email=role@acme.test', '--password=secret-123', '--company=Acme Bad', '--role=emperor'],
    ]) {
      const command = await ace.create(UserCreate, args)
      await command.exec()
      command.assertFailed()
    }
    assert.isNull(await Company.findBy('name', 'Acme Bad'))
  })

  test('device:create registers once, device:claim registers a refused IMEI', async ({
    assert,
  }) => {
    const company = `Fleet ${Date.now()}`
    const setup = await ace.create(CompanyCreate, [`--name=${company}`])
    await setup.exec()
    const imei = `35${Date.now().toString().slice(-13)}`
    for (let run = 0; run < 2; run++) {
      const command = await ace.create(DeviceCreate, [
        `--company=${company}`,
        `--imei=${imei}`,
        '--name=Van',
        '--protocol=gt06',
      ])
      await command.exec()
      command.assertSucceeded()
    }
    assert.lengthOf(await db.from('devices').where('imei', imei), 1)

    const wrongProtocol = await ace.create(DeviceCreate, [
      `--company=${company}`,
      '--imei=123456789012345',
      '--name=X',
      '--protocol=nmea',
    ])
    await wrongProtocol.exec()
    wrongProtocol.assertFailed()

    const seen = `86${Date.now().toString().slice(-13)}`
    const unseen = await ace.create(DeviceClaim, [`--company=${company}`, `--imei=${seen}`])
    await unseen.exec()
    unseen.assertFailed()
    await db.table('unregistered_devices').insert({
      imei: seen,
      protocol: 'teltonika',
      first_seen_at: new Date(),
      last_seen_at: new Date(),
    })
    const claim = await ace.create(DeviceClaim, [
      `--company=${company}`,
      `--imei=${seen}`,
      '--name=Claimed',
    ])
    await claim.exec()
    claim.assertSucceeded()
    const device = await db.from('devices').where('imei', seen).firstOrFail()
    assert.equal(device.protocol, 'teltonika')
    assert.isNull(await db.from('unregistered_devices').where('imei', seen).first())
  })
})
