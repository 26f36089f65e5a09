import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import CommandTemplate from '#models/command_template'
import { addMember } from '#actions/accounts/team_membership'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const page = '/backend/settings/commands'
const pageTr = '/tr/panel/ayarlar/komutlar'
let imeiSequence = 0

async function seedDevice(
  companyId: number,
  name: string,
  protocol: string,
  groupId: number | null = null
) {
  imeiSequence++
  const [row] = await db
    .table('devices')
    .insert({
      name,
      imei: `77${Date.now().toString().slice(-9)}${imeiSequence}`,
      protocol,
      group_id: groupId,
      company_id: companyId,
      status: 'active',
      ownership: 'own',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

async function seedGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date() })
    .returning('id')
  return row.id as number
}

async function memberOf(companyId: number, role: 'user' | 'manager' | 'admin') {
  const { default: Company } = await import('#models/company')
  const user = await User.create({
    email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'pw-12345678',
  })
  await addMember(await Company.findOrFail(companyId), user, role)
  return user
}

test.group('Settings: commands', () => {
  test('an admin saves a template; a manager sends it to one vehicle and to a group; the log shows them', async ({
    client,
    assert,
  }) => {
    const { user: admin, company } = await createMember({ role: 'admin' })
    const created = await client
      .post(`${page}/templates`)
      .withCsrfToken()
      .loginAs(admin)
      .header('referer', page)
      .json({ protocol: 'teltonika', name: 'Info', text: 'getinfo' })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const template = await CommandTemplate.query().where('company_id', company.id).firstOrFail()

    const group = await seedGroup(company.id, 'Vans')
    const van1 = await seedDevice(company.id, 'Van 1', 'teltonika', group)
    const van2 = await seedDevice(company.id, 'Van 2', 'teltonika', group)
    await seedDevice(company.id, 'Van 3', 'gt06', group)

    const manager = await memberOf(company.id, 'manager')
    const one = await client
      .post(`${page}/send`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', page)
      .json({ template_id: template.id, target: 'device', device_id: van1 })
      .redirects(0)
    one.assertFlashMessage(
      'success',
      '1 command(s) queued; 0 vehicle(s) of another protocol skipped.'
    )

    const all = await client
      .post(`${pageTr}/send`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', pageTr)
      .json({ template_id: template.id, target: 'group', group_id: group })
      .redirects(0)
    all.assertFlashMessage('success', '2 komut kuyruğa alındı; başka protokoldeki 1 araç atlandı.')

    const rows = await db
      .from('device_commands')
      .where('company_id', company.id)
      .orderBy('id')
      .select('device_id', 'kind', 'payload', 'status', 'user_id')
    assert.deepEqual(
      rows.map((row) => [row.device_id, row.kind, row.payload, row.status, row.user_id]),
      [
        [van1, 'custom', 'getinfo', 'queued', manager.id],
        [van1, 'custom', 'getinfo', 'queued', manager.id],
        [van2, 'custom', 'getinfo', 'queued', manager.id],
      ]
    )
    await db
      .from('device_commands')
      .where('device_id', van2)
      .update({ status: 'answered', response: 'RTC:2026/11/25 Init:...', answered_at: new Date() })

    const shown = await client.get(page).loginAs(manager).withInertia()
    shown.assertInertiaComponent('settings/commands')
    assert.isFalse(shown.inertiaProps.canEditTemplates)
    const log = shown.inertiaProps.log as {
      vehicle: string
      status: string
      response: string | null
    }[]
    assert.lengthOf(log, 3)
    assert.deepEqual(
      log.find((line) => line.vehicle === 'Van 2'),
      {
        ...log.find((line) => line.vehicle === 'Van 2')!,
        status: 'answered',
        response: 'RTC:2026/11/25 Init:...',
      }
    )
    const filtered = await client.get(`${page}?device=${van2}`).loginAs(manager).withInertia()
    assert.lengthOf(filtered.inertiaProps.log, 1)
  })

  test('roles: a manager cannot write templates; a user cannot open the page', async ({
    client,
    assert,
  }) => {
    const { company } = await createMember({ role: 'owner' })
    const manager = await memberOf(company.id, 'manager')
    const refused = await client
      .post(`${page}/templates`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', page)
      .json({ protocol: 'gt06', name: 'Where', text: 'WHERE#' })
      .redirects(0)
    refused.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.lengthOf(await CommandTemplate.query().where('company_id', company.id), 0)

    const viewer = await memberOf(company.id, 'user')
    const denied = await client.get(page).loginAs(viewer).redirects(0)
    assert.equal(denied.header('location'), '/backend/unauthorized')
  })

  test('bad input is a localized field error; names are unique per protocol', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await CommandTemplate.create({
      companyId: company.id,
      protocol: 'gt06',
      name: 'Where',
      text: 'WHERE#',
    })
    const bad = await client
      .post(`${page}/templates`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ protocol: 'nokia', name: '', text: '' })
      .redirects(0)
    assert.deepEqual(inputErrors(bad).protocol, ['Please choose a valid Protocol.'])
    assert.deepEqual(inputErrors(bad).name, ['The Name field is required.'])
    assert.deepEqual(inputErrors(bad).text, ['The Command text field is required.'])

    const taken = await client
      .post(`${pageTr}/templates`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', pageTr)
      .json({ protocol: 'gt06', name: 'where', text: 'WHERE#' })
      .redirects(0)
    assert.deepEqual(inputErrors(taken).name, [
      'Bu protokol için bu adla bir kayıtlı komut zaten var.',
    ])
    const otherProtocol = await client
      .post(`${page}/templates`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ protocol: 'teltonika', name: 'Where', text: 'getgps' })
      .redirects(0)
    otherProtocol.assertFlashMessage('success', 'Record created successfully!')

    const missingTarget = await client
      .post(`${page}/send`)
      .withCsrfToken()
      .loginAs(user)
      .header('referer', page)
      .json({ template_id: 1, target: 'device' })
      .redirects(0)
    assert.deepEqual(inputErrors(missingTarget).device_id, ['Please choose a vehicle.'])
  })

  test("another company's template, vehicle or group answers 404 and nothing is queued", async ({
    client,
    assert,
  }) => {
    const mine = await createMember({ role: 'owner' })
    const theirs = await createMember({ role: 'owner' })
    const myTemplate = await CommandTemplate.create({
      companyId: mine.company.id,
      protocol: 'teltonika',
      name: 'Info',
      text: 'getinfo',
    })
    const theirTemplate = await CommandTemplate.create({
      companyId: theirs.company.id,
      protocol: 'teltonika',
      name: 'Theirs',
      text: 'getinfo',
    })
    const theirVehicle = await seedDevice(theirs.company.id, 'Their van', 'teltonika')
    const theirGroup = await seedGroup(theirs.company.id, 'Their group')
    const myVehicle = await seedDevice(mine.company.id, 'My van', 'teltonika')

    const attempts = [
      client
        .post(`${page}/send`)
        .json({ template_id: theirTemplate.id, target: 'device', device_id: myVehicle }),
      client
        .post(`${page}/send`)
        .json({ template_id: myTemplate.id, target: 'device', device_id: theirVehicle }),
      client
        .post(`${page}/send`)
        .json({ template_id: myTemplate.id, target: 'group', group_id: theirGroup }),
      client
        .put(`${page}/templates/${theirTemplate.id}`)
        .json({ protocol: 'teltonika', name: 'Mine', text: 'x' }),
      client.delete(`${page}/templates/${theirTemplate.id}`),
    ]
    for (const attempt of attempts) {
      const response = await attempt.withCsrfToken().loginAs(mine.user)
      response.assertStatus(404)
    }
    assert.lengthOf(
      await db.from('device_commands').whereIn('company_id', [mine.company.id, theirs.company.id]),
      0
    )
    await theirTemplate.refresh()
    assert.equal(theirTemplate.name, 'Theirs')
  })

  test('the vehicle page offers the saved commands of its protocol', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    await CommandTemplate.create({
      companyId: company.id,
      protocol: 'teltonika',
      name: 'Info',
      text: 'getinfo',
    })
    await CommandTemplate.create({
      companyId: company.id,
      protocol: 'gt06',
      name: 'Where',
      text: 'WHERE#',
    })
    const other = await createMember({ role: 'owner' })
    await CommandTemplate.create({
      companyId: other.company.id,
      protocol: 'teltonika',
      name: 'Theirs',
      text: 'getver',
    })
    const van = await seedDevice(company.id, 'Van', 'teltonika')
    const response = await client.get(`/backend/assets/${van}`).withInertia().loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      (response.inertiaProps.commandTemplates as { name: string; text: string }[]).map((t) => [
        t.name,
        t.text,
      ]),
      [['Info', 'getinfo']]
    )
  })
})
