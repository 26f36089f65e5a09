import { router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import { bindField, InputField, SelectField, TextAreaField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import type { CommandTemplate } from './types'
import { commandProtocols } from '#shared/fleet_enums'

const protocols = commandProtocols

/** The company's command templates: listed, and (admins) created, edited and deleted. */
export function CommandTemplates({
  base,
  templates,
  canEdit,
}: {
  base: string
  templates: CommandTemplate[]
  canEdit: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  const [editing, setEditing] = useState<CommandTemplate | null>(null)
  const [deleting, setDeleting] = useState<CommandTemplate | null>(null)
  const templateForm = useForm({ protocol: 'teltonika', name: '', text: '' })

  function editTemplate(template: CommandTemplate | null) {
    setEditing(template)
    templateForm.clearErrors()
    templateForm.setData(
      template
        ? { protocol: template.protocol, name: template.name, text: template.text }
        : { protocol: 'teltonika', name: '', text: '' }
    )
  }

  function submitTemplate(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: () => editTemplate(null) }
    if (editing) templateForm.put(`${base}/templates/${editing.id}`, options)
    else templateForm.post(`${base}/templates`, options)
  }

  return (
    <FormSection title={t('settings.commands.templates_title')}>
      {templates.length === 0 ? null : (
        <ul className="mb-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {templates.map((template) => (
            <li key={template.id} className="flex items-start gap-2 px-3 py-2 text-sm">
              <span className="flex-1">
                <span className="font-medium text-slate-900">{template.name}</span>{' '}
                <Badge>{format.protocol(template.protocol)}</Badge>
                <span className="mt-0.5 block font-mono text-xs text-slate-600">
                  {template.text}
                </span>
              </span>
              {canEdit ? (
                <>
                  <Button size="sm" variant="outline" onClick={() => editTemplate(template)}>
                    {t('settings.edit')}
                    <span className="sr-only"> {template.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(template)}>
                    {t('settings.delete')}
                    <span className="sr-only"> {template.name}</span>
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form onSubmit={submitTemplate} noValidate className="space-y-4">
          <h3 className="text-sm font-semibold text-slate-800">
            {editing ? t('settings.commands.edit_template') : t('settings.commands.new_template')}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t('settings.commands.fields.protocol')}
              {...bindField(templateForm, 'protocol')}
              options={protocols.map((protocol) => ({
                value: protocol,
                label: format.protocol(protocol),
              }))}
            />
            <InputField
              label={t('settings.commands.fields.name')}
              {...bindField(templateForm, 'name')}
            />
          </div>
          <TextAreaField
            label={t('settings.commands.fields.text')}
            rows={3}
            className="font-mono"
            hint={t(`settings.commands.text_hint.${templateForm.data.protocol}`)}
            {...bindField(templateForm, 'text')}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={templateForm.processing}>
              {t('settings.save')}
            </Button>
            {editing ? (
              <Button type="button" variant="outline" onClick={() => editTemplate(null)}>
                {t('settings.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">{t('settings.commands.templates_admin_only')}</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('settings.delete')}
        message={t('settings.commands.confirm_delete', { name: deleting?.name ?? '' })}
        confirmLabel={t('settings.delete')}
        onConfirm={() =>
          deleting &&
          router.delete(`${base}/templates/${deleting.id}`, {
            preserveScroll: true,
            onFinish: () => setDeleting(null),
          })
        }
      />
    </FormSection>
  )
}
