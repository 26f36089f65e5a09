import { defineResource } from '#crud/define_resource'
import { datetime, number, text } from '#crud/fields'

/**
 * Driver events: the tracker events of spec §9 (alarm codes, inputs, connection) attributed
 * to a driver — the driver of the trip the event falls in, else the driver assigned to the
 * vehicle. Events no driver can be given are left out. Read-only.
 */
export const driverEventsResource = defineResource({
  key: 'driver_events',
  table: 'events',
  query: (client, { companyId }) =>
    client
      .from('events')
      .where('events.company_id', companyId)
      .join('devices as event_device', 'event_device.id', 'events.device_id')
      .joinRaw(
        `LEFT JOIN LATERAL (SELECT t.driver_id FROM trips t WHERE t.device_id = events.device_id
           AND t.start_time <= events.event_time AND t.end_time >= events.event_time
           AND t.driver_id IS NOT NULL ORDER BY t.start_time DESC LIMIT 1) trip_driver ON true`
      )
      .joinRaw(
        `JOIN drivers event_driver ON event_driver.id = coalesce(trip_driver.driver_id, event_device.driver_id)
           AND event_driver.company_id = events.company_id`
      ),
  fields: {
    event_time: datetime('events.event_time'),
    driver: text('event_driver.name'),
    driver_id: number('event_driver.id'),
    device: text('event_device.name'),
    plate: text('event_device.plate'),
    device_id: number('events.device_id'),
    code: text('events.code'),
    state: text('events.state'),
    latitude: number('events.latitude', { sortable: false }),
    longitude: number('events.longitude', { sortable: false }),
  },
  defaultFields: ['event_time', 'driver', 'device', 'plate', 'code', 'state'],
  defaultSort: { column: 'event_time', order: 'desc' },
  dateColumn: 'event_time',
  defaultRangeDays: 30,
  deviceColumn: 'device_id',
  searchColumns: ['driver', 'device', 'plate', 'code'],
  countCap: 10_000,
  labelColumn: 'driver',
})
