import { test } from '@japa/runner'
import { PinClusters } from '../../../inertia/components/map/pin_clusters.js'

function pinsAround(lat: number, lon: number, count: number, startId = 0) {
  return Array.from({ length: count }, (_, index) => ({
    id: startId + index,
    lat: lat + index * 0.0002,
    lon: lon + index * 0.0002,
    time: 1_000 + startId + index,
  }))
}

test.group('History map pins (issue 15 item 7)', () => {
  test('sixty alarms along a street become one counted marker when zoomed out', ({ assert }) => {
    const clusters = new PinClusters(pinsAround(41.0, 29.0, 60))
    const groups = clusters.groups(11)
    assert.lengthOf(groups, 1)
    assert.deepInclude(groups[0], { kind: 'cluster', count: 60, firstTime: 1_000 })
  })

  test('zooming in splits them, down to single pins', ({ assert }) => {
    const clusters = new PinClusters(pinsAround(41.0, 29.0, 60))
    const first = clusters.groups(11)[0]
    assert.equal(first.kind, 'cluster')
    if (first.kind !== 'cluster') return
    const zoom = clusters.expansionZoom(first.id)
    assert.isAbove(clusters.groups(zoom).length, 1)
    const closest = clusters.groups(20)
    assert.lengthOf(closest, 60)
    assert.isTrue(closest.every((group) => group.kind === 'pin'))
  })

  test('far-apart pins stay apart', ({ assert }) => {
    const clusters = new PinClusters([
      ...pinsAround(41.0, 29.0, 1),
      ...pinsAround(59.43, 24.75, 1, 100),
    ])
    assert.deepEqual(
      clusters.groups(8).map((group) => group.kind),
      ['pin', 'pin']
    )
  })
})
