import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { registerDevice } from '#actions/tracking/register_device'
import CompanySetting from '#models/company_setting'
import { telematicsReports } from '#reports/telematics_reports'
import { reportsBySlug } from '#reports/registry'
import { defaultWorkingHours } from '#services/settings/working_hours'
import { createMember } from '#tests/helpers/accounts'
import { startListener } from '#tests/helpers/tracking'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'
import type { Position } from '#tracking/position'

const ZONE = 'Europe/Istanbul'

/** Wednesday 7 October 2026, `time` in Istanbul. */
const wednesday = (time: string) => DateTime.fromISO(`2026-10-07T${time}`, { zone: ZONE })

function fix(imei: string, at: DateTime, speed: number, index: number): Position {
  return {
    imei,
    fixTime: at.toJSDate(),
    latitude: 41.0 + index * 0.001,
    longitude: 29.0,
    speed,
    course: 0,
    altitude: 20,
    satellites: 10,
    valid: true,
    attributes: { ignition: true },
  }
}

const week = {
  mon_from: '08:00',
  mon_to: '18:00',
  tue_from: '08:00',
  tue_to: '18:00',
  wed_from: '08:00',
  wed_to: '18:00',
  thu_from: '08:00',
  thu_to: '18:00',
  fri_from: '08:00',
  fri_to: '18:00',
  sat_off: true,
  sun_off: true,
}

test.group('Out of working hours', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('moving outside the working hours raises OUT_OF_HOURS A, stopping F; hours refresh on save', async ({
    client,
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'owner' })
    user.timezone = ZONE
    await user.save()
    const settings = await CompanySetting.of(company.id)
    settings.workingHours = defaultWorkingHours
    await settings.save()
    const imei = `86${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: 'Night van',
      protocol: 'osmand',
    })
    // Another company without working hours: its vehicle never raises the event.
    const other = await createMember()
    const otherImei = `85${Date.now().toString().slice(-13)}`
    const theirs = await registerDevice({
      company: other.company.name,
      imei: otherImei,
      name: 'Their van',
      protocol: 'osmand',
    })
    const device = (await listener.service.registry.find(imei))!
    const otherDevice = (await listener.service.registry.find(otherImei))!

    // 17:58 and 17:59 inside the hours; moving at 18:00 and 18:01 outside; stopped at 18:02.
    const evening = ['17:58', '17:59', '18:00', '18:01', '18:02']
    await listener.service.ingest.positions(
      device,
      evening.map((time, index) => fix(imei, wednesday(time), index < 4 ? 40 : 0, index))
    )
    await listener.service.ingest.positions(
      otherDevice,
      evening.map((time, index) => fix(otherImei, wednesday(time), 40, index))
    )
    const events = await db
      .from('events')
      .where('device_id', id)
      .where('code', 'OUT_OF_HOURS')
      .orderBy('event_time')
    assert.deepEqual(
      events.map((row) => [
        DateTime.fromJSDate(row.event_time).setZone(ZONE).toFormat('HH:mm'),
        row.state,
      ]),
      [
        ['18:00', 'A'],
        ['18:02', 'F'],
      ]
    )
    assert.lengthOf(
      await db.from('events').where('device_id', theirs.id).where('code', 'OUT_OF_HOURS'),
      0
    )

    // Wednesday becomes 08:00–20:00: the listener reloads the hours (NOTIFY) and driving at
    // 19:00 is working time now.
    const saved = await client
      .put('/backend/settings/working-hours')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/settings/working-hours')
      .json({ ...week, wed_to: '20:00' })
      .redirects(0)
    saved.assertFlashMessage('success', 'Form submitted successfully.')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await listener.service.ingest.positions(device, [
      fix(imei, wednesday('19:00'), 40, 6),
      fix(imei, wednesday('19:01'), 40, 7),
    ])
    // 20:30 is outside again.
    await listener.service.ingest.positions(device, [fix(imei, wednesday('20:30'), 40, 8)])
    const after = await db
      .from('events')
      .where('device_id', id)
      .where('code', 'OUT_OF_HOURS')
      .orderBy('event_time')
    assert.deepEqual(
      after.map((row) => DateTime.fromJSDate(row.event_time).setZone(ZONE).toFormat('HH:mm')),
      ['18:00', '18:02', '20:30']
    )
    assert.equal(after[2].state, 'A')

    // All alarms offers the code as a filter.
    const alarms = await reportsBySlug['all-alarms'].run(
      { period: 'custom', from: '2026-10-07', to: '2026-10-07', code: ['OUT_OF_HOURS'] },
      { companyId: company.id, timezone: ZONE, now: wednesday('23:59') }
    )
    assert.equal(alarms.page.meta.total, 3)
    assert.isTrue(alarms.page.rows.every((row) => row.code === 'OUT_OF_HOURS'))
    const zones = await reportsBySlug['all-alarms'].run(
      { period: 'custom', from: '2026-10-07', to: '2026-10-07', code: ['GEOFENCE_ENTER'] },
      { companyId: company.id, timezone: ZONE, now: wednesday('23:59') }
    )
    assert.equal(zones.page.meta.total, 0)
  })

  test('trip summary: "outside working hours only" and "within working hours only"', async ({
    assert,
  }) => {
    const { company, user } = await createMember({ role: 'owner' })
    user.timezone = ZONE
    await user.save()
    const settings = await CompanySetting.of(company.id)
    settings.workingHours = defaultWorkingHours
    await settings.save()
    const van = await createVehicle(company, { name: 'Van' })
    // 10:00–10:30 inside; 17:30–18:30 crosses the end of the day; 22:00–22:20 outside.
    await addTrip(van, company, { start: wednesday('10:00'), distance: 20000, duration: 1800 })
    await addTrip(van, company, { start: wednesday('17:30'), distance: 40000, duration: 3600 })
    await addTrip(van, company, { start: wednesday('22:00'), distance: 10000, duration: 1200 })
    const context = { companyId: company.id, timezone: ZONE, now: wednesday('23:59') }
    const report = telematicsReports['trip-summary']
    assert.strictEqual(reportsBySlug['trip-summary'], report)
    const period = { period: 'custom', from: '2026-10-07', to: '2026-10-07' }

    const starts = async (extra: Record<string, unknown>) => {
      const run = await report.run({ ...period, ...extra }, context)
      return {
        rows: run.page.rows.map((row) =>
          DateTime.fromISO(String(row.startTime)).setZone(ZONE).toFormat('HH:mm')
        ),
        total: run.page.meta.total,
        trips: run.totals.trips,
        distance: run.totals.distance,
      }
    }
    assert.deepEqual(await starts({}), {
      rows: ['10:00', '17:30', '22:00'],
      total: 3,
      trips: 3,
      distance: 70,
    })
    assert.deepEqual(await starts({ workingHours: 'outside' }), {
      rows: ['17:30', '22:00'],
      total: 2,
      trips: 2,
      distance: 50,
    })
    assert.deepEqual(await starts({ workingHours: 'inside' }), {
      rows: ['10:00'],
      total: 1,
      trips: 1,
      distance: 20,
    })
    await assert.rejects(() => report.run({ ...period, workingHours: 'night' }, context))
  })
})
