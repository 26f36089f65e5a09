import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { Download, Upload } from 'lucide-react'
import type { FormEvent } from 'react'
import { bindFile, InputField } from '~/components/form/fields'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { ColumnHeaders } from '~/components/ui/table'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Props = {
  canImport: boolean
  maxRows: number
  result: Data.Fleet.MaintenanceImportResult | null
}

/**
 * The exchange with an external maintenance system: the maintenance records and schedule
 * as CSV or JSON, and (managers and above) the import of completed services, with the rows
 * it refused and why.
 */
export default function MaintenanceIntegration({ canImport, maxRows, result }: Props) {
  const { t } = useI18n()
  const route = useRoute()
  const base = route('fleet.maintenance-integration')
  const form = useForm<{ file: File | null }>({ file: null })
  const title = useRouteTitle()

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(`${base}/import`, { forceFormData: true, preserveScroll: true })
  }

  return (
    <>
      <Head title={title} />
      <PageHeader description={t('fleet_reports.integration.description')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_reports.integration.export_title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-sm text-slate-600">
              {t('fleet_reports.integration.export_help')}
            </p>
            <ul className="space-y-3">
              {(['records', 'schedules'] as const).map((data) => (
                <li key={data} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-48 text-sm font-medium text-slate-800">
                    {t(`fleet_reports.integration.${data}`)}
                  </span>
                  {(['csv', 'json'] as const).map((format) => (
                    <Button key={format} variant="secondary" size="sm" asChild>
                      <a
                        href={`${base}/export?data=${data}&format=${format}`}
                        download
                        data-testid={`export-${data}-${format}`}
                      >
                        <Download className="size-4" aria-hidden="true" />
                        {t(`fleet_reports.integration.${data}`)} (
                        {t(`fleet_reports.integration.${format}`)})
                      </a>
                    </Button>
                  ))}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('fleet_reports.integration.import_title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-sm text-slate-600">
              {t('fleet_reports.integration.import_help', { max: maxRows })}
            </p>
            {canImport ? (
              <form onSubmit={submit} className="space-y-4" data-testid="import-form">
                <InputField
                  type="file"
                  accept=".csv,.json,text/csv,application/json"
                  required
                  label={t('fleet_reports.integration.fields.file')}
                  {...bindFile(form, 'file')}
                />
                <Button type="submit" disabled={form.processing || !form.data.file}>
                  <Upload className="size-4" aria-hidden="true" />
                  {t('fleet_reports.integration.submit')}
                </Button>
              </form>
            ) : (
              <p className="text-sm text-slate-600">
                {t('fleet_reports.integration.manager_only')}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
      {result && result.errors.length > 0 && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>{t('fleet_reports.integration.report_title')}</CardTitle>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="import-errors">
              <ColumnHeaders
                rowClassName="text-left text-slate-600"
                cellClassName="py-2 not-first:px-2 first:pr-3"
                columns={['row', 'field', 'message'].map((name) =>
                  t(`fleet_reports.integration.${name}`)
                )}
              />
              <tbody className="divide-y divide-slate-100">
                {result.errors.map((error, index) => (
                  <tr key={`${error.row}-${error.field}-${index}`}>
                    <td className="py-2 pr-3 tabular-nums">{error.row}</td>
                    <td className="px-2 py-2">
                      {t(`fleet_reports.integration.fields.${error.field}`)}
                    </td>
                    <td className="px-2 py-2">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </>
  )
}
