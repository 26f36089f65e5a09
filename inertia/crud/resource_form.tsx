import { useForm } from '@inertiajs/react'
import type { ChangeEvent, FormEvent } from 'react'
import { InputField, SelectField, TextAreaField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { Modal } from '~/components/ui/dialog'
import type { FormField, Lookup, ResourceMeta, Row } from './types'

const inputTypes: Partial<Record<FormField['kind'], string>> = {
  number: 'number',
  money: 'number',
  date: 'date',
}

function initialValues(
  fields: FormField[],
  record: Row | null,
  defaults: Record<string, string> = {}
) {
  const values: Record<string, string | File | null> = {}
  for (const field of fields) {
    const value = record?.[field.name]
    // A file is sent only when one is chosen; the stored one stays otherwise.
    if (field.kind === 'file') values[field.name] = null
    else if (value === null || value === undefined)
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
  const choices = (field: FormField) =>
    field.kind === 'enum'
      ? (field.values ?? []).map((value) => ({
          value,
          label: t(`crud.${meta.key}.values.${field.name}.${value}`),
        }))
      : field.kind === 'boolean'
        ? [
            { value: 'true', label: t('crud.table.yes') },
            { value: 'false', label: t('crud.table.no') },
          ]
        : (lookups[field.name] ?? []).map((option) => ({
            value: String(option.id),
            label: option.name,
          }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = {
      preserveScroll: true,
      preserveState: true,
      // The page that came back says whether the save failed: `form.errors` here would be
      // the errors of the render that submitted (a failed try before stays in it).
      onSuccess: (page: { props: { errors?: Record<string, unknown> } }) => {
        if (Object.keys(page.props.errors ?? {}).length === 0) onSaved()
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
          const common = {
            name: field.name,
            label: label(field.name),
            required: field.required,
            requiredMark: true,
            className: field.wide ? 'sm:col-span-2' : undefined,
            value: (form.data[field.name] as string | null) ?? '',
            error: form.errors[field.name],
            onChange: (
              event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>
            ) => form.setData(field.name, event.target.value),
          }
          if (field.kind === 'file') {
            const stored = record?.[field.name]
            return (
              <InputField
                key={field.name}
                {...common}
                value={undefined}
                type="file"
                accept={field.accept ?? undefined}
                hint={
                  typeof stored === 'string' && stored
                    ? t('fleet_records.current_file', { name: stored })
                    : undefined
                }
                onChange={(event: ChangeEvent<HTMLInputElement>) =>
                  form.setData(field.name, event.target.files?.[0] ?? null)
                }
              />
            )
          }
          if (field.kind === 'textarea')
            return <TextAreaField key={field.name} {...common} rows={3} />
          if (field.kind === 'enum' || field.kind === 'reference' || field.kind === 'boolean') {
            return (
              <SelectField
                key={field.name}
                {...common}
                options={[
                  ...(field.required ? [] : [{ value: '', label: '—' }]),
                  ...choices(field),
                ]}
              />
            )
          }
          return (
            <InputField
              key={field.name}
              {...common}
              type={inputTypes[field.kind] ?? 'text'}
              step={field.step ?? undefined}
            />
          )
        })}
      </form>
    </Modal>
  )
}
