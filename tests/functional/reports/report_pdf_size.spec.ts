import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl, signIn } from '#tests/helpers/http_session'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

/** Page boxes of a PDF: [width, height] of each page. */
function pageBoxes(pdf: Buffer) {
  const text = pdf.toString('latin1')
  return [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ])
}

test.group('Report PDFs: landscape when wide, compact', () => {
  test('a 2,000-row trip summary prints landscape at kilobytes a page, in both languages', async ({
    assert,
    cleanup,
  }) => {
    const { user, company } = await createMember()
    cleanup(async () => {
      await db.from('companies').where('id', company.id).delete()
    })
    user.timezone = ZONE
    await user.save()
    const van = await createVehicle(company, { name: 'Van', plate: '34 VAN 1' })
    const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
    await db.table('trips').multiInsert(
      Array.from({ length: 2000 }, (_, index) => {
        const start = yesterday.plus({ seconds: index * 40 })
        return {
          company_id: company.id,
          device_id: van.id,
          start_time: start.toJSDate(),
          end_time: start.plus({ seconds: 30 }).toJSDate(),
          start_latitude: 41.100747,
          start_longitude: 29.024247,
          end_latitude: 41.05,
          end_longitude: 29.05,
          distance: 494.9205 + index,
          max_speed: 80,
          average_speed: 60,
          duration: 30,
          idle_duration: 0,
          start_odometer: 0,
          end_odometer: 500,
        }
      })
    )
    const cookie = await signIn(user.email, 'secret-password')
    for (const path of ['/backend/reports/trip-summary', '/tr/panel/raporlar/sefer-ozeti']) {
      const response = await fetch(`${baseUrl()}${path}/export?period=yesterday&format=pdf`, {
        headers: { cookie },
      })
      assert.equal(response.status, 200, path)
      const pdf = Buffer.from(await response.arrayBuffer())
      const boxes = pageBoxes(pdf)
      assert.isAbove(boxes.length, 1, path)
      for (const [width, height] of boxes) assert.isAbove(width, height, `${path}: landscape`)
      // Tagged, the same PDF weighed about 4 kB a row (9 MB); untagged it is a few hundred kB.
      assert.isBelow(pdf.length / boxes.length, 30_000, `${path}: ${pdf.length} bytes`)
      assert.isBelow(pdf.length, 2_000_000, path)
    }
  }).timeout(120_000)
})
