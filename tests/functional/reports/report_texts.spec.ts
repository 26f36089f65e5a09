import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { errors as vineErrors } from '@vinejs/vine'
import { telematicsReports } from '#reports/telematics_reports'
import { EVENT_CODES } from '#reports/telematics'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import { highSpeedDurationReport } from '#reports/definitions/high_speed_duration'

const LOCALES = ['en', 'tr'] as const

test.group('Telematics report texts', () => {
  test('every report has its title, column labels and count totals in both languages', ({
    assert,
  }) => {
    for (const locale of LOCALES) {
      const i18n = i18nManager.locale(locale)
      for (const [slug, report] of Object.entries(telematicsReports)) {
        const title = `reports.${report.key}.title`
        assert.isTrue(i18n.hasMessage(title), `${locale} ${slug} title`)
        // Hidden columns (a row's vehicle id for its links) are never shown: no label.
        const shown = Object.entries(report.columns).filter(([, column]) => !column.hidden)
        for (const [column] of shown) {
          const key = `reports.${report.key}.columns.${column}`
          assert.isTrue(i18n.hasMessage(key), `${locale} ${key}`)
        }
      }
      for (const code of EVENT_CODES) {
        assert.isTrue(i18n.hasMessage(`reports.all_alarms.values.code.${code}`), code)
        assert.isTrue(i18n.hasMessage(`reports.all_alarms.inputs.code.${code}`), code)
      }
    }
    assert.equal(
      i18nManager.locale('tr').t('reports.trip_summary.counts.trips', { count: 2 }),
      '2 sefer'
    )
    assert.equal(
      i18nManager.locale('en').t('reports.idle_times.counts.idles', { count: 1 }),
      '1 idle'
    )
    assert.equal(
      i18nManager.locale('tr').t('reports.all_alarms.values.code.A101'),
      'A101 – Ani hızlanma'
    )
  })

  test('a refused threshold reads in the request language', async ({ assert }) => {
    const messages: Record<string, string> = {}
    for (const locale of LOCALES) {
      try {
        // The report's Vine validator takes a messages provider as any Vine validator does.
        const parameters = highSpeedDurationReport.parameters as unknown as {
          validate(data: unknown, options: { messagesProvider: unknown }): Promise<unknown>
        }
        await parameters.validate(
          { period: 'today', threshold: 93 },
          { messagesProvider: new FieldLabelMessagesProvider(i18nManager.locale(locale)) }
        )
        assert.fail('93 km/h is no 5 km/h step')
      } catch (error) {
        assert.instanceOf(error, vineErrors.E_VALIDATION_ERROR)
        messages[locale] = (
          error as InstanceType<typeof vineErrors.E_VALIDATION_ERROR>
        ).messages[0].message
      }
    }
    assert.deepEqual(messages, {
      en: 'Choose a speed threshold in steps of 5 km/h, from 5 to 250 km/h.',
      tr: '5 ile 250 km/sa arasında, 5 km/sa adımlarla bir hız eşiği seçin.',
    })
  })
})
