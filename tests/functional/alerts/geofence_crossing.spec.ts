import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { startListener } from '#tests/helpers/tracking'
import type { Position } from '#tracking/position'

const start = Date.UTC(2026, 9, 6, 7, 0)

/** Northwards along longitude 29.0 from 41.000 to 41.030, one fix a minute (0.001° each). */
function drive(imei: string): Position[] {
  return Array.from({ length: 31 }, (_, minute) => ({
    imei,
    fixTime: new Date(start + minute * 60_000),
    latitude: 41.0 + minute * 0.001,
    longitude: 29.0,
    speed: 40,
    course: 0,
    altitude: 20,
    satellites: 10,
    valid: true,
    attributes: { ignition: true },
  }))
}

test.group('Geofences at ingest', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('a vehicle crossing a polygon and a circle enters and leaves each, with visits', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const imei = `87${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: 'Zone van',
      protocol: 'osmand',
    })
    const now = new Date()
    // A square from 41.0045 to 41.0105 (entered at minute 5, left at minute 11).
    const [polygon] = await db
      .table('geofences')
      .insert({
        company_id: company.id,
        name: 'Depot',
        shape: JSON.stringify({
          type: 'polygon',
          points: [
            [41.0045, 28.99],
            [41.0045, 29.01],
            [41.0105, 29.01],
            [41.0105, 28.99],
          ],
        }),
        assign_to: 'all',
        created_at: now,
      })
      .returning('id')
    // A 300 m circle around 41.02 (about 41.0173 to 41.0227: minutes 18 to 22 inside).
    const [circle] = await db
      .table('geofences')
      .insert({
        company_id: company.id,
        name: 'Customer',
        shape: JSON.stringify({ type: 'circle', center: [41.02, 29.0], radius: 300 }),
        assign_to: 'devices',
        device_ids: [id],
        created_at: now,
      })
      .returning('id')
    // Another company's zone on the same road is never checked for this vehicle.
    await db.table('geofences').insert({
      company_id: other.company.id,
      name: 'Elsewhere',
      shape: JSON.stringify({ type: 'circle', center: [41.015, 29.0], radius: 2000 }),
      created_at: now,
    })

    const device = (await listener.service.registry.find(imei))!
    const positions = drive(imei)
    for (let index = 0; index < positions.length; index += 4) {
      await listener.service.ingest.positions(device, positions.slice(index, index + 4))
    }

    const events = await db
      .from('events')
      .where('device_id', id)
      .whereIn('code', ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'])
      .orderBy('event_time')
    const minute = (time: Date) => (new Date(time).getTime() - start) / 60_000
    assert.deepEqual(
      events.map((event) => [event.code, event.attributes.geofence, minute(event.event_time)]),
      [
        ['GEOFENCE_ENTER', 'Depot', 5],
        ['GEOFENCE_EXIT', 'Depot', 11],
        ['GEOFENCE_ENTER', 'Customer', 18],
        ['GEOFENCE_EXIT', 'Customer', 23],
      ]
    )
    assert.equal(events[0].attributes.geofenceId, polygon.id)
    assert.equal(events[2].attributes.geofenceId, circle.id)

    const visits = await db.from('geofence_visits').where('device_id', id).orderBy('enter_time')
    assert.deepEqual(
      visits.map((visit) => [visit.geofence_id, minute(visit.enter_time), visit.duration]),
      [
        [polygon.id, 5, 360],
        [circle.id, 18, 300],
      ]
    )
    // Published live like every event.
    const live = listener.published.filter(
      (entry) => entry.message.type === 'event' && entry.message.code.startsWith('GEOFENCE')
    )
    assert.lengthOf(live, 4)
  })

  test('a zone created while the vehicle drives is picked up after the change notice', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const imei = `88${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: 'Late zone van',
      protocol: 'osmand',
    })
    const device = (await listener.service.registry.find(imei))!
    const positions = drive(imei)
    await listener.service.ingest.positions(device, positions.slice(0, 2))
    await db.table('geofences').insert({
      company_id: company.id,
      name: 'New yard',
      shape: JSON.stringify({ type: 'circle', center: [41.01, 29.0], radius: 150 }),
      created_at: new Date(),
    })
    await db.rawQuery('SELECT pg_notify(?, ?)', ['geofence_changes', String(company.id)])
    await new Promise((resolve) => setTimeout(resolve, 200))
    await listener.service.ingest.positions(device, positions.slice(2, 15))
    const codes = await db
      .from('events')
      .where('device_id', id)
      .whereIn('code', ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'])
      .orderBy('event_time')
      .select('code')
    assert.deepEqual(
      codes.map((row) => row.code),
      ['GEOFENCE_ENTER', 'GEOFENCE_EXIT']
    )
  })
})
