import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, ensurePositionPartitions } from '#tests/functional/live/live_fixtures'
import { exportRowLimit } from '#reports/engine/export_limit'
import { telematicsReport } from '#reports/definitions/sensor_reports'

const ZONE = 'Europe/Istanbul'
const PER_VEHICLE = 60_000

/**
 * Two vehicles with 60,000 positions each yesterday (one a second from 01:00): 120,000
 * telematics-data rows, over what one export takes, and 60,000 for one vehicle, under it.
 */
async function seeded() {
  const { user, company } = await createMember({ role: 'owner' })
  user.timezone = ZONE
  await user.save()
  const van = await createVehicle(company, { name: 'Van' })
  const truck = await createVehicle(company, { name: 'Truck' })
  const start = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 }).plus({ hours: 1 })
  await ensurePositionPartitions(start, start.plus({ seconds: PER_VEHICLE }))
  for (const vehicle of [van, truck]) {
    await db.rawQuery(
      `INSERT INTO positions (device_id, company_id, fix_time, server_time, latitude, longitude, speed, valid, attributes)
       SELECT ?, ?, ?::timestamptz + n * interval '1 second', now(), 41, 29, 50, true, '{"ignition": true}'
       FROM generate_series(0, ? - 1) n`,
      [vehicle.id, company.id, start.toJSDate(), PER_VEHICLE]
    )
  }
  return { user, van, truck }
}

test.group('Report exports over the row limit', () => {
  test('the page says so before the export, the export is refused in the page’s language, one vehicle exports', async ({
    client,
    assert,
  }) => {
    const limit = exportRowLimit(Object.keys(telematicsReport.columns).length)
    assert.equal(limit, 100_000)
    const { user, van } = await seeded()

    const page = await client
      .get('/backend/reports/telematics-data')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    page.assertStatus(200)
    const props = page.inertiaProps as Record<string, any>
    assert.equal(props.report.exportRowLimit, limit)
    // Counting stops at the limit: "more than 100,000", and no positions total.
    assert.equal(props.result.page.meta.total, limit)
    assert.isTrue(props.result.page.meta.totalIsLowerBound)
    assert.deepEqual(props.result.totals, { vehicles: 2 })
    assert.lengthOf(props.result.page.data, 25)

    const en = await client
      .get('/backend/reports/telematics-data/export')
      .qs({ period: 'yesterday', format: 'xlsx' })
      .loginAs(user)
    en.assertStatus(422)
    assert.deepEqual(en.body().errors, [
      {
        field: 'period',
        message:
          'This export would have more than the 100,000 rows a CSV or XLSX export of this report takes. Choose one vehicle or a shorter period.',
      },
    ])

    const tr = await client
      .get('/tr/panel/raporlar/telematik-veriler/export')
      .qs({ period: 'yesterday', format: 'csv' })
      .loginAs(user)
    tr.assertStatus(422)
    assert.equal(
      tr.body().errors[0].message,
      'Bu dışa aktarım, bu raporun CSV ya da XLSX dışa aktarımının alabileceği 100.000 satırdan fazlasını içerir. Tek bir araç ya da daha kısa bir dönem seçin.'
    )

    const oneVehicle = await client
      .get('/backend/reports/telematics-data/export')
      .qs({ period: 'yesterday', format: 'csv', deviceId: van.id })
      .loginAs(user)
    oneVehicle.assertStatus(200)
    assert.equal(oneVehicle.header('x-total-rows'), String(PER_VEHICLE))
    const lines = oneVehicle.text().trim().split('\n')
    assert.lengthOf(lines, PER_VEHICLE + 1)
    assert.include(lines[1], 'Van')
  }).timeout(120_000)
})
