import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import vine from '@vinejs/vine'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { DateTime } from 'luxon'
import { defineReport, periodParameters } from '#reports/engine/definition'
import { ReportMessagesProvider } from '#reports/engine/messages'
import { ReportParametersError, runReport } from '#reports/engine/runner'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

/** A report of the company's vehicles, by group or by a list of vehicles, with a minimum id. */
const vehiclesReport = defineReport({
  slug: 'trip-summary',
  group: 'trips_activity',
  key: 'probe_vehicles',
  parameters: vine.create({
    ...periodParameters(),
    deviceIds: vine.array(vine.number().positive().withoutDecimals()).optional(),
    groupId: vine.number().positive().withoutDecimals().optional(),
    minimum: vine.number().min(0).max(10).optional(),
  }),
  columns: { name: { kind: 'text' }, groupName: { kind: 'text' } },
  rows({ client, context, params }) {
    const query = client
      .from('devices')
      .leftJoin('device_groups', 'device_groups.id', 'devices.group_id')
      .where('devices.company_id', context.companyId)
      .select('devices.name as name', 'device_groups.name as groupName')
      .orderBy('devices.id')
    if (params.deviceIds) query.whereIn('devices.id', params.deviceIds)
    if (params.groupId) query.where('devices.group_id', params.groupId)
    return query
  },
})

async function group(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return Number(row.id ?? row)
}

test.group('Report runner', (group_) => {
  group_.each.setup(() => testUtils.db().withGlobalTransaction())

  test('any report’s vehicles and group are checked against the company: another’s answer 404', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const trucks = await group(company.id, 'Trucks')
    const theirGroup = await group(other.company.id, 'Theirs')
    const a = await createVehicle(company, { name: 'A', group_id: trucks })
    const b = await createVehicle(company, { name: 'B' })
    const foreign = await createVehicle(other.company, { name: 'F' })
    const context = { companyId: company.id, timezone: 'Europe/Istanbul', now: DateTime.now() }

    const byGroup = await runReport(vehiclesReport as never, { groupId: String(trucks) }, context)
    assert.deepEqual(byGroup.page.rows, [{ name: 'A', groupName: 'Trucks' }])
    const byList = await runReport(
      vehiclesReport as never,
      { deviceIds: `${a.id},${b.id}`, sort: 'name' },
      context,
      { sort: { column: 'name', order: 'desc' } }
    )
    assert.deepEqual(
      byList.page.rows.map((row) => row.name),
      ['B', 'A']
    )

    await assert.rejects(
      () => runReport(vehiclesReport as never, { deviceIds: `${a.id},${foreign.id}` }, context),
      lucidErrors.E_ROW_NOT_FOUND
    )
    await assert.rejects(
      () => runReport(vehiclesReport as never, { groupId: theirGroup }, context),
      lucidErrors.E_ROW_NOT_FOUND
    )
  })

  test('bad parameters are a localized 422 naming the field by its label', async ({ assert }) => {
    const { company } = await createMember()
    const context = { companyId: company.id, timezone: 'UTC', now: DateTime.now() }
    for (const [locale, label] of [
      ['en', 'Vehicles'],
      ['tr', 'Araçlar'],
    ]) {
      const i18n = i18nManager.locale(locale)
      try {
        await runReport(vehiclesReport as never, { deviceIds: 'x' }, context, {
          messagesProvider: new ReportMessagesProvider(i18n, 'probe_vehicles'),
        })
        assert.fail('must be refused')
      } catch (error) {
        assert.instanceOf(error, ReportParametersError)
        const issue = (error as ReportParametersError).issues[0]
        assert.equal(issue.field, 'deviceIds')
        assert.include(issue.message, label)
      }
    }
  })
})
