import { useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { Modal } from '~/components/ui/dialog'
import type { FormField, Lookup, ResourceMeta, Row } from './types'

const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-brand-500'

function initialValues(
  fields: FormField[],
  record: Row | null,
  defaults: Record<string, string> = {}
) {
  const values: Record<string, string> = {}
  for (const field of fields) {
    const value = record?.[field.name]
    if (value === null || value === undefined)
      values[field.name] = record ? '' : (defaults[field.name] ?? '')
    else if (field.kind === 'date') values[field.name] = String(value).slice(0, 10)
    else values[field.name] = String(value)
  }
  return values
}

/**
 * The create/edit form of any resource, in a dialog. It posts through Inertia: the
 * server validates in the page's language, answers with field errors or a flash
 * message (shown as a toast), and the table reloads.
 */
export function ResourceForm({
  meta,
  action,
  record,
  lookups,
  onClose,
  onSaved,
}: {
  meta: ResourceMeta
  action: string
  record: Row | null
  lookups: Record<string, Lookup[]>
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useI18n()
  const fields = meta.form
  const form = useForm(initialValues(fields, record, meta.defaults))
  const label = (name: string) => t(`crud.${meta.key}.fields.${name}`)

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        if (Object.keys(form.errors).length === 0) onSaved()
      },
    }
    if (record) form.put(`${action}/${record.id}`, options)
    else form.post(action, options)
  }

  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={t(record ? 'crud.table.edit_title' : 'crud.table.create_title', {
        table: t(`crud.${meta.key}.title`),
      })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('crud.table.cancel')}
          </Button>
          <Button type="submit" form="resource-form" disabled={form.processing} data-testid="save">
            {t('crud.table.save')}
          </Button>
        </>
      }
    >
      <form id="resource-form" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        {fields.map((field) => {
          const id = `field-${field.name}`
          const error = form.errors[field.name]
          const common = {
            id,
            'name': field.name,
            'value': form.data[field.name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            'className': `${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'}`,
          }
          const set = (value: string) => form.setData(field.name, value)
          return (
            <div
              key={field.name}
              className={field.wide || field.kind === 'textarea' ? 'sm:col-span-2' : ''}
            >
              <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
                {label(field.name)}
                {field.required && <span className="text-red-600"> *</span>}
              </label>
              {field.kind === 'textarea' ? (
                <textarea {...common} rows={3} onChange={(event) => set(event.target.value)} />
              ) : field.kind === 'enum' ||
                field.kind === 'reference' ||
                field.kind === 'boolean' ? (
                <select {...common} onChange={(event) => set(event.target.value)}>
                  {!field.required && <option value="">—</option>}
                  {field.kind === 'enum'
                    ? field.values?.map((value) => (
                        <option key={value} value={value}>
                          {t(`crud.${meta.key}.values.${field.name}.${value}`)}
                        </option>
                      ))
                    : field.kind === 'boolean'
                      ? ['true', 'false'].map((value) => (
                          <option key={value} value={value}>
                            {t(value === 'true' ? 'crud.table.yes' : 'crud.table.no')}
                          </option>
                        ))
                      : (lookups[field.name] ?? []).map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.name}
                          </option>
                        ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={
                    field.kind === 'number' || field.kind === 'money'
                      ? 'number'
                      : field.kind === 'date'
                        ? 'date'
                        : 'text'
                  }
                  step={field.step ?? undefined}
                  onChange={(event) => set(event.target.value)}
                />
              )}
              {error && (
                <p
                  id={`${id}-error`}
                  role="alert"
                  className="mt-1 text-sm text-red-600"
                  data-field-error={field.name}
                >
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </form>
    </Modal>
  )
}
