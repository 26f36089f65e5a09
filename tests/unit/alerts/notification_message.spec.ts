import { test } from '@japa/runner'
import {
  renderNotification,
  type EventNotification,
} from '#services/notifications/notification_message'

const overspeed: EventNotification = {
  kind: 'event',
  eventId: 9,
  deviceId: 12,
  vehicle: '34 FT 012',
  code: '105',
  state: 'A',
  time: '2026-11-20T09:05:00.000Z',
  latitude: 41.0151,
  longitude: 28.9795,
  geofence: null,
  repeats: 0,
}

test.group('Notification message', () => {
  test('names the vehicle, the event in the reader’s language, the time in the zone, the place and the link', ({
    assert,
  }) => {
    const en = renderNotification(overspeed, 'en', 'Europe/Istanbul')
    assert.equal(en.title, '34 FT 012: Overspeed · on')
    assert.equal(
      en.body,
      'Overspeed · on: 34 FT 012, 20.11.2026 12:05:00 (Europe/Istanbul), Eminönü, Istanbul (41.01510, 28.97950).'
    )
    assert.match(en.url, /\/backend\/assets\/12$/)

    const tr = renderNotification({ ...overspeed, repeats: 3 }, 'tr', 'Europe/Tallinn')
    assert.equal(tr.title, '34 FT 012: Hız aşımı · açık')
    assert.include(tr.body, '20.11.2026 11:05:00 (Europe/Tallinn)')
    assert.include(tr.body, '3 tekrar')
    assert.match(tr.url, /\/tr\/panel\/araclar\/12$/)
  })

  test('a geofence event is placed in its zone', ({ assert }) => {
    const entered = renderNotification(
      { ...overspeed, code: 'GEOFENCE_ENTER', state: null, geofence: 'Depot' },
      'tr',
      'Europe/Istanbul'
    )
    assert.equal(entered.title, '34 FT 012: Bölgeye giriş')
    assert.include(entered.body, 'Depot bölgesi')
  })

  test('a company place names the event, with its coordinates and a link to the map', ({
    assert,
  }) => {
    const en = renderNotification(
      { ...overspeed, companyPlace: 'Depot Tuzla' },
      'en',
      'Europe/Istanbul'
    )
    assert.include(en.body, 'Depot Tuzla (41.01510, 28.97950)')
    assert.lengthOf(en.lines, 1)
    assert.match(
      en.lines[0],
      /^On the map: http\S+\/backend\/history\?deviceId=12&from=2026-11-20&to=2026-11-20&at=2026-11-20T12%3A05/
    )
    const tr = renderNotification(overspeed, 'tr', 'Europe/Istanbul')
    assert.match(tr.lines[0], /^Haritada: http\S+\/tr\/panel\/gecmis\?deviceId=12&/)
    const nowhere = renderNotification(
      { ...overspeed, latitude: null, longitude: null },
      'en',
      'Europe/Istanbul'
    )
    assert.deepEqual(nowhere.lines, [])
  })
})
