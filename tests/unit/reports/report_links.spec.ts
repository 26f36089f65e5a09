import { test } from '@japa/runner'
import { playbackQuery } from '#shared/report_links'

test.group('Report rows to the history playback', () => {
  test('a trip plays back over its days, opened at its start', ({ assert }) => {
    const query = playbackQuery(
      {
        deviceId: 7,
        startTime: '2026-03-02T23:40:00.000+03:00',
        endTime: '2026-03-03T00:20:00.000+03:00',
      },
      { time: 'startTime', until: 'endTime' }
    )
    assert.equal(
      query?.toString(),
      'deviceId=7&from=2026-03-02&to=2026-03-03&at=2026-03-02T23%3A40%3A00'
    )
  })

  test('an alarm opens its day at its time; a row without vehicle or time has no link', ({
    assert,
  }) => {
    const alarm = playbackQuery(
      { deviceId: 3, time: '2026-03-03T00:11:00.000+03:00' },
      { time: 'time' }
    )
    assert.equal(alarm?.get('from'), '2026-03-03')
    assert.equal(alarm?.get('to'), '2026-03-03')
    assert.equal(alarm?.get('at'), '2026-03-03T00:11:00')
    assert.isNull(playbackQuery({ time: '2026-03-03T00:11:00.000+03:00' }, { time: 'time' }))
    assert.isNull(playbackQuery({ deviceId: 3, time: null }, { time: 'time' }))
  })
})
