import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { rebuildTrips } from '#actions/tracking/rebuild_trips'
import { createMember } from '#tests/helpers/accounts'
import { startListener } from '#tests/helpers/tracking'
import type { Position } from '#tracking/position'

const start = Date.UTC(2026, 9, 6, 6, 0)
const minute = 60_000
const CARD = '00000000A1B2C3D4'

/** Parked, a 12-minute drive, parked, a 9-minute drive with a driver card in the reader, parked. */
function morning(imei: string): Position[] {
  const speeds = [
    ...Array(8).fill(0),
    ...Array(12).fill(45),
    ...Array(10).fill(0),
    ...Array(9).fill(60),
    ...Array(8).fill(0),
  ]
  let latitude = 41.0
  return speeds.map((speed, index) => {
    latitude += speed / 60 / 111
    return {
      imei,
      fixTime: new Date(start + index * minute),
      latitude,
      longitude: 29.0,
      speed,
      course: 0,
      altitude: 20,
      satellites: 10,
      valid: true,
      attributes: {
        ignition: speed > 0,
        ...(index >= 29 && index < 40 ? { driverUniqueId: CARD } : {}),
        ...(index === 40 ? { driverUniqueId: '0000000000000000' } : {}),
      },
    }
  })
}

async function addDriver(companyId: number, name: string, cardId: string | null = null) {
  const [row] = await db
    .table('drivers')
    .insert({ company_id: companyId, name, card_id: cardId, created_at: new Date() })
    .returning('id')
  return row.id as number
}

test.group('Drivers on trips', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('a trip goes to the assigned driver when it started, or to the reported card, which wins', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    const imei = `86${Date.now().toString().slice(-13)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: 'Driver van',
      protocol: 'osmand',
    })
    const early = await addDriver(company.id, 'Early Driver')
    const late = await addDriver(company.id, 'Late Driver')
    const carded = await addDriver(company.id, 'Card Holder', 'a1b2c3d4')
    // Another company's driver with the same card is never chosen.
    await addDriver(other.company.id, 'Foreign Card', CARD)
    await db.table('driver_assignments').multiInsert([
      {
        company_id: company.id,
        device_id: id,
        driver_id: early,
        started_at: new Date(start - 60 * minute),
        ended_at: new Date(start + 25 * minute),
      },
      {
        company_id: company.id,
        device_id: id,
        driver_id: late,
        started_at: new Date(start + 25 * minute),
        ended_at: null,
      },
    ])

    const device = (await listener.service.registry.find(imei))!
    const positions = morning(imei)
    for (let index = 0; index < positions.length; index += 5) {
      await listener.service.ingest.positions(device, positions.slice(index, index + 5))
    }
    const trips = () =>
      db
        .from('trips')
        .where('device_id', id)
        .orderBy('start_time')
        .select('start_time', 'driver_id', 'driver_card_id')
    const ingested = await trips()
    assert.lengthOf(ingested, 2)
    assert.equal(ingested[0].driver_id, early, 'the driver assigned when the first trip started')
    assert.isNull(ingested[0].driver_card_id)
    assert.equal(ingested[1].driver_id, carded, 'the card reported wins over the assignment')
    assert.equal(ingested[1].driver_card_id, CARD)

    // Without the card, the second trip is the late driver's.
    await db.from('drivers').where('id', carded).update({ card_id: null })
    await rebuildTrips(id, new Date(start), new Date(start + 60 * minute))
    const rebuilt = await trips()
    assert.deepEqual(
      rebuilt.map((trip) => trip.driver_id),
      [early, late]
    )
  })

  test('the assignment history follows the vehicle driver, whatever changes it', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const [device] = await db
      .table('devices')
      .insert({
        company_id: company.id,
        name: 'History van',
        imei: `87${Date.now().toString().slice(-13)}`,
        protocol: 'teltonika',
        created_at: new Date(),
      })
      .returning('id')
    const first = await addDriver(company.id, 'First')
    const second = await addDriver(company.id, 'Second')
    await db.from('devices').where('id', device.id).update({ driver_id: first })
    await db.from('devices').where('id', device.id).update({ name: 'Renamed van' })
    await db.from('devices').where('id', device.id).update({ driver_id: second })
    await db.from('devices').where('id', device.id).update({ driver_id: null })

    const history = await db
      .from('driver_assignments')
      .where('device_id', device.id)
      .orderBy('id')
      .select('driver_id', 'started_at', 'ended_at', 'company_id')
    assert.deepEqual(
      history.map((row) => row.driver_id),
      [first, second]
    )
    assert.isTrue(history.every((row) => row.company_id === company.id && row.ended_at !== null))
    assert.isAtMost(
      new Date(history[0].ended_at).getTime(),
      new Date(history[1].started_at).getTime()
    )

    // Deleting a driver in a vehicle empties the vehicle (and drops their history) cleanly.
    await db.from('devices').where('id', device.id).update({ driver_id: first })
    await db.from('drivers').where('id', first).delete()
    const emptied = await db.from('devices').where('id', device.id).first()
    assert.isNull(emptied.driver_id)
    const left = await db.from('driver_assignments').where('device_id', device.id)
    assert.deepEqual(
      left.map((row) => row.driver_id),
      [second]
    )
    await db.from('devices').where('id', device.id).delete()
  })
})
