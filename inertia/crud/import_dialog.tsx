import { http } from '@inertiajs/react'
import { Download } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { InputField, SelectField } from '~/components/form/fields'
import { buttonClasses, Button } from '~/components/ui/button'
import { Modal } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n'
import type { ResourceMeta } from './types'
import { ColumnHeaders } from '~/components/ui/table'

/** The most rows one import takes (app/crud/import/resource_import.ts). */
const MAX_ROWS = 10_000

/** What the dry run answers (app/crud/import/import_controller.ts). */
interface DryRun {
  headers: string[]
  mapping: Record<string, number | null>
  fields: { name: string; label: string; required: boolean }[]
  total: number
  valid: number
  rowsWithErrors: number
  errorCount: number
  errors: { row: number; field: string; column: string; message: string }[]
  missing: string[]
  message?: string
}

type Answer =
  | { kind: 'checked'; result: DryRun }
  | { kind: 'imported'; message: string }
  | { kind: 'refused'; message: string }

/** Posts the file (and the columns chosen) to the dry run or the commit; any answer as JSON. */
async function send(url: string, file: File, mapping: Record<string, number | null> | null) {
  const data = new FormData()
  data.append('file', file)
  if (mapping) data.append('mapping', JSON.stringify(mapping))
  try {
    const response = await http.getClient().request({
      method: 'post',
      url,
      data,
      headers: { accept: 'application/json' },
    })
    return { status: response.status, body: JSON.parse(response.data) }
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response
    if (!response) throw error
    const body = typeof response.data === 'string' ? JSON.parse(response.data) : response.data
    return { status: response.status, body }
  }
}

/**
 * The import of a resource table: choose a CSV or XLSX file (a template to start from), check
 * it (columns matched by header and remembered; each row's errors listed in the page's
 * language), change the columns if needed, then import every row or none.
 */
export function ImportDialog({
  meta,
  basePath,
  onClose,
  onImported,
}: {
  meta: ResourceMeta
  basePath: string
  onClose: () => void
  onImported: () => void
}) {
  const { t } = useI18n()
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [result, setResult] = useState<DryRun | null>(null)
  const [mapping, setMapping] = useState<Record<string, number | null> | null>(null)
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null)
  const [answer, setAnswer] = useState<Answer | null>(null)

  async function run(commit: boolean) {
    if (!file) {
      setFileError(t('crud.import.file_required'))
      return
    }
    setBusy(commit ? 'importing' : 'checking')
    setFileError(undefined)
    try {
      const url = `${basePath}/import${commit ? '' : '/dry-run'}`
      const { status, body } = await send(url, file, mapping)
      if (status === 200 && commit) {
        setAnswer({ kind: 'imported', message: body.message })
        onImported()
      } else if (status === 200 || (status === 422 && body.headers)) {
        setResult(body as DryRun)
        setMapping((body as DryRun).mapping)
        setAnswer(
          status === 422
            ? { kind: 'refused', message: body.message }
            : { kind: 'checked', result: body }
        )
      } else if (status === 422) {
        const issue = body.errors?.[0]
        if (issue?.field === 'mapping') setMapping(null)
        setFileError(issue?.message ?? t('crud.import.failed'))
        setAnswer(null)
      } else setFileError(t('crud.import.failed'))
    } catch {
      setFileError(t('crud.import.failed'))
    } finally {
      setBusy(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void run(false)
  }

  const ready =
    result !== null &&
    answer?.kind === 'checked' &&
    result.missing.length === 0 &&
    result.rowsWithErrors === 0 &&
    result.valid > 0
  const title = t(`crud.${meta.key}.title`)

  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={t('crud.import.title', { table: title })}
      description={t('crud.import.description')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('crud.table.close')}
          </Button>
          {answer?.kind !== 'imported' && (
            <Button
              type="submit"
              form={`${id}-form`}
              variant={ready ? 'outline' : 'primary'}
              disabled={busy !== null}
              data-testid="import-check"
            >
              {busy === 'checking' ? t('crud.import.checking') : t('crud.import.check')}
            </Button>
          )}
          {ready && (
            <Button
              onClick={() => void run(true)}
              disabled={busy !== null}
              data-testid="import-commit"
            >
              {busy === 'importing'
                ? t('crud.import.importing')
                : t('crud.import.commit', { count: result.valid })}
            </Button>
          )}
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} className="space-y-5" noValidate>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">{t('crud.import.template')}:</span>
          {(['xlsx', 'csv'] as const).map((format) => (
            <a
              key={format}
              href={`${basePath}/import/template?format=${format}`}
              download
              className={buttonClasses('ghost', 'sm')}
            >
              <Download className="size-4" aria-hidden="true" />
              {t(`crud.import.template_${format}`)}
            </a>
          ))}
        </div>
        <InputField
          name="file"
          type="file"
          label={t('crud.import.choose_file', { max: MAX_ROWS })}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          required
          requiredMark
          error={fileError}
          data-testid="import-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            // A new file is read with the remembered or matched columns again.
            setMapping(null)
            setResult(null)
            setAnswer(null)
          }}
        />

        {result && answer?.kind !== 'imported' && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">
              {t('crud.import.mapping_title')}
            </legend>
            <p className="text-sm text-slate-600">{t('crud.import.mapping_hint')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {result.fields.map((field) => (
                <SelectField
                  key={field.name}
                  name={`mapping-${field.name}`}
                  label={field.label}
                  required={field.required}
                  requiredMark={field.required}
                  value={String(mapping?.[field.name] ?? '')}
                  onChange={(event) => {
                    const value = event.target.value
                    setMapping((current) => {
                      const next = { ...(current ?? {}) }
                      // One column feeds one field: taking it frees it elsewhere.
                      for (const [name, index] of Object.entries(next)) {
                        if (value !== '' && index === Number(value)) next[name] = null
                      }
                      next[field.name] = value === '' ? null : Number(value)
                      return next
                    })
                    setAnswer(null)
                  }}
                  options={[
                    { value: '', label: t('crud.import.not_imported') },
                    ...result.headers.map((header, index) => ({
                      value: String(index),
                      label: header || `#${index + 1}`,
                    })),
                  ]}
                />
              ))}
            </div>
          </fieldset>
        )}
      </form>

      <div role="status" aria-live="polite" className="mt-4 space-y-3 text-sm">
        {answer?.kind === 'imported' && (
          <p className="rounded-lg bg-green-50 p-3 font-medium text-green-800">{answer.message}</p>
        )}
        {answer && answer.kind !== 'imported' && result && (
          <>
            {answer.kind === 'refused' && (
              <p className="rounded-lg bg-red-50 p-3 font-medium text-red-800">{answer.message}</p>
            )}
            {result.missing.length > 0 ? (
              <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
                {t('crud.import.missing', { fields: result.missing.join(', ') })}
              </p>
            ) : result.rowsWithErrors === 0 ? (
              <p className="rounded-lg bg-green-50 p-3 text-green-800">
                {t('crud.import.all_valid', { total: result.total })}
              </p>
            ) : (
              <p className="text-slate-700">
                {t('crud.import.summary', {
                  total: result.total,
                  valid: result.valid,
                  rowsWithErrors: result.rowsWithErrors,
                })}
              </p>
            )}
          </>
        )}
      </div>

      {answer && answer.kind !== 'imported' && result && result.errors.length > 0 && (
        <div className="mt-3 max-h-72 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm" data-testid="import-errors">
            <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-900">
              {t('crud.import.errors_title', { count: result.errorCount })}
              {result.errorCount > result.errors.length && (
                <span className="ml-2 font-normal text-slate-600">
                  {t('crud.import.errors_more', {
                    shown: result.errors.length,
                    count: result.errorCount,
                  })}
                </span>
              )}
            </caption>
            <ColumnHeaders
              className="bg-slate-50 text-slate-700"
              cellClassName="px-3 py-2"
              columns={[
                t('crud.import.error_row'),
                t('crud.import.error_column'),
                t('crud.import.error_message'),
              ]}
            />
            <tbody>
              {result.errors.map((error, index) => (
                <tr key={index} className="border-t border-slate-100">
                  <td className="px-3 py-1.5 tabular-nums">{error.row}</td>
                  <td className="px-3 py-1.5">{error.column}</td>
                  <td className="px-3 py-1.5 text-red-700">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  )
}
