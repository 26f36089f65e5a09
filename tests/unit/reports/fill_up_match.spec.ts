import { test } from '@japa/runner'
import { fillUpStatus, type FillUp } from '#reports/fuel/fill_up_match'

const fillUp = (overrides: Partial<FillUp>): FillUp => ({
  litres: 40,
  tankCapacity: 60,
  levelSensor: true,
  closestRefuelLitres: 38,
  ...overrides,
})

test.group('Fill-up matching', () => {
  test('a fill-up the level sensor saw within the tolerance matches', ({ assert }) => {
    assert.equal(fillUpStatus(fillUp({}), 0.2), 'matched')
    // 40 l against 32 l: 8 l is exactly 20 % of the larger, still within
    assert.equal(fillUpStatus(fillUp({ closestRefuelLitres: 32 }), 0.2), 'matched')
  })

  test('litres beyond the tolerance, or no refuel at all, are flagged', ({ assert }) => {
    assert.equal(fillUpStatus(fillUp({ closestRefuelLitres: 25 }), 0.2), 'litres_differ')
    assert.equal(fillUpStatus(fillUp({ closestRefuelLitres: 25 }), 0.5), 'matched')
    assert.equal(fillUpStatus(fillUp({ closestRefuelLitres: null }), 0.2), 'no_refuel')
  })

  test('more than the tank holds is flagged whatever the tracker sends', ({ assert }) => {
    // 60 l tank: up to 63 l passes (filler neck), 64 l does not
    assert.equal(fillUpStatus(fillUp({ litres: 63, closestRefuelLitres: 60 }), 0.2), 'matched')
    assert.equal(fillUpStatus(fillUp({ litres: 64, closestRefuelLitres: 60 }), 0.2), 'over_tank')
    assert.equal(
      fillUpStatus(fillUp({ litres: 80, levelSensor: false, closestRefuelLitres: null }), 0.2),
      'over_tank'
    )
    // An unknown tank capacity is not judged.
    assert.equal(
      fillUpStatus(fillUp({ litres: 80, tankCapacity: null, closestRefuelLitres: 78 }), 0.2),
      'matched'
    )
  })

  test('without a fuel level the refuel cannot be seen: not flagged', ({ assert }) => {
    assert.equal(
      fillUpStatus(fillUp({ levelSensor: false, closestRefuelLitres: null }), 0.2),
      'not_visible'
    )
  })
})
