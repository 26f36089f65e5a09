import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { defineResource, i18nKeys } from '#crud/define_resource'
import { date, file, text } from '#crud/fields'
import { resourceForPage } from '#transformers/crud/resource_transformer'
import Accident from '#models/accident'

/** A resource with a file: the field is declared once, like any other. */
const reports = defineResource({
  key: 'reports',
  table: 'reports',
  fields: {
    title: text('reports.title', { form: { required: true } }),
    day: date('reports.day', { form: {} }),
    scan: file(
      'reports.scan_path',
      { extnames: ['pdf', 'png'], size: '2mb' },
      {
        column: 'scan_path',
        form: { wide: true },
      }
    ),
  },
  defaultFields: ['title', 'scan'],
  labelColumn: 'title',
  write: { ability: 'manageFleet', model: Accident },
})

const context = {
  company: { id: 3 },
  auth: { user: undefined },
  i18n: i18nManager.locale('en'),
  request: { allFiles: () => ({}) },
} as unknown as HttpContext

test.group('The file field kind', () => {
  test('derives a text column, a file input with its extensions and the file route', ({
    assert,
  }) => {
    assert.deepInclude(reports.columns.scan, {
      sql: "regexp_replace(reports.scan_path, '^.*/', '')",
      kind: 'text',
    })
    assert.isFalse(reports.columns.scan.sortable)
    assert.deepInclude(
      reports.form.find((field) => field.name === 'scan')!,
      {
        kind: 'file',
        accept: '.pdf,.png',
        wide: true,
        required: false,
      }
    )
    assert.deepEqual(reports.fileFields, ['scan'])
    assert.deepEqual(resourceForPage(reports, true).fileFields, ['scan'])
    assert.include(i18nKeys(reports), 'crud.reports.fields.scan')
  })

  test('an edit without a new file leaves the stored one alone', async ({ assert }) => {
    const values = await reports.write!.validate(context, { title: 'Damage report' }, 5)
    assert.deepEqual(values, { title: 'Damage report', day: null })
    assert.notProperty(values, 'scan_path')
  })

  test('a value that is not an uploaded file is refused', async ({ assert }) => {
    await assert.rejects(() =>
      reports.write!.validate(context, { title: 'x', scan: '../../etc/passwd' }, null)
    )
  })
})
