import { test } from '@japa/runner'
import { EXPORT_CELL_LIMIT, exportRowLimit, exportTooLarge } from '#reports/engine/export_limit'

test.group('Report export limit', () => {
  test('the row limit follows the report’s width', ({ assert }) => {
    assert.equal(exportRowLimit(16), 100_000)
    assert.equal(exportRowLimit(6), Math.floor(EXPORT_CELL_LIMIT / 6))
    assert.equal(exportRowLimit(0), EXPORT_CELL_LIMIT)
  })

  test('CSV and XLSX are refused above it, or at it when the count stopped there; PDF never', ({
    assert,
  }) => {
    assert.isFalse(exportTooLarge('xlsx', 100_000, 16))
    assert.isTrue(exportTooLarge('xlsx', 100_001, 16))
    assert.isTrue(exportTooLarge('csv', 100_000, 16, true))
    assert.isFalse(exportTooLarge('csv', 99_999, 16, true))
    assert.isFalse(exportTooLarge('pdf', 10_000_000, 16, true))
  })
})
