import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { listPage } from '#crud/list_query'
import { parseListParams } from '#crud/list_params'
import { positionsResource } from '#crud/resources/positions'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, ensurePositionPartitions } from '#tests/functional/live/live_fixtures'

test.group('Positions table page (found by its keys first)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a page sorted by speed across the fleet: the right rows in order, ties by vehicle and time, no other company's", async ({
    assert,
  }) => {
    const { company } = await createMember()
    const first = await createVehicle(company, { plate: '34 PG 1' })
    const second = await createVehicle(company, { plate: '34 PG 2' })
    const other = await createMember()
    const foreign = await createVehicle(other.company, { plate: '06 ZZ 9' })
    const start = DateTime.fromISO('2026-11-20T08:00:00Z')
    await ensurePositionPartitions(start, start.plus({ hours: 1 }))
    // speeds by vehicle and minute; 50 twice (one per vehicle) and the other company's 99.
    const rows = [
      [first, 0, 30],
      [first, 1, 50],
      [first, 2, 70],
      [second, 0, 50],
      [second, 1, 10],
      [second, 2, 90],
      [foreign, 0, 99],
    ] as const
    await db.table('positions').multiInsert(
      rows.map(([vehicle, minute, speed]) => ({
        device_id: vehicle.id,
        company_id: vehicle === foreign ? other.company.id : company.id,
        fix_time: start.plus({ minutes: minute }).toJSDate(),
        server_time: start.plus({ minutes: minute }).toJSDate(),
        latitude: 41,
        longitude: 29,
        speed,
        course: 0,
        altitude: 0,
        satellites: 8,
        valid: true,
        attributes: JSON.stringify({ ignition: speed > 20 }),
      }))
    )

    // Pages of two rows (below the sizes the table offers) keep the fixture small.
    const page = async (pageNumber: number, order: 'asc' | 'desc') => {
      const params = parseListParams(positionsResource, {
        from: start.minus({ minutes: 1 }).toISO()!,
        to: start.plus({ hours: 1 }).toISO()!,
        sort: 'speed',
        order,
        page: String(pageNumber),
      })
      return listPage(positionsResource, { ...params, perPage: 2 }, { companyId: company.id })
    }
    const speeds = (result: Awaited<ReturnType<typeof page>>) =>
      result.data.map((row) => [row.device, Number(row.speed), row.ignition])

    const top = await page(1, 'desc')
    assert.deepEqual(speeds(top), [
      [second.name, 90, true],
      [first.name, 70, true],
    ])
    assert.deepEqual(
      { total: top.meta.total, lastPage: top.meta.lastPage, lower: top.meta.totalIsLowerBound },
      { total: 6, lastPage: 3, lower: false }
    )
    // The tie at 50: the later vehicle first in descending order, then the earlier.
    assert.deepEqual(speeds(await page(2, 'desc')), [
      [second.name, 50, true],
      [first.name, 50, true],
    ])
    assert.deepEqual(speeds(await page(3, 'desc')), [
      [first.name, 30, true],
      [second.name, 10, false],
    ])
    assert.deepEqual(speeds(await page(2, 'asc')), [
      [first.name, 50, true],
      [second.name, 50, true],
    ])
    assert.deepEqual((await page(4, 'desc')).data, [])
    assert.equal(top.data[0].id, `${second.id}-${start.plus({ minutes: 2 }).toSeconds()}`)
  })
})
