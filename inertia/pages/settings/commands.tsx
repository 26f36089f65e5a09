import { Head, Link, router, useForm } from '@inertiajs/react'
import { useMemo, useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { useFormat } from '~/lib/format'
import { InputField, SelectField, TextAreaField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'

type Template = { id: number; protocol: string; name: string; text: string }
type Vehicle = {
  id: number
  name: string
  plate: string | null
  protocol: string
  groupId: number | null
}
type Group = { id: number; name: string }
type LogLine = {
  id: number
  deviceId: number
  vehicle: string
  plate: string | null
  kind: string
  payload: string
  status: string
  response: string | null
  createdAt: string
  sentAt: string | null
  answeredAt: string | null
  sentBy: string | null
}

const protocols = ['teltonika', 'gt06'] as const
const statusTone = { queued: 'neutral', sent: 'brand', answered: 'green', failed: 'red' } as const

export default function Commands({
  templates,
  devices,
  groups,
  log,
  logPage,
  logHasMore,
  logDevice,
  canEditTemplates,
}: {
  templates: Template[]
  devices: Vehicle[]
  groups: Group[]
  log: LogLine[]
  logPage: number
  logHasMore: boolean
  logDevice: number | null
  canEditTemplates: boolean
}) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const base = path('settings.commands').replace(/\/$/, '')
  const [editing, setEditing] = useState<Template | null>(null)
  const [deleting, setDeleting] = useState<Template | null>(null)

  const send = useForm<{
    template_id: string
    target: 'device' | 'group'
    device_id: string
    group_id: string
  }>({
    template_id: templates[0] ? String(templates[0].id) : '',
    target: 'device',
    device_id: '',
    group_id: '',
  })
  const chosen = templates.find((template) => String(template.id) === send.data.template_id)
  const eligible = useMemo(
    () => devices.filter((device) => !chosen || device.protocol === chosen.protocol),
    [devices, chosen]
  )

  const templateForm = useForm({ protocol: 'teltonika', name: '', text: '' })

  function editTemplate(template: Template | null) {
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

  function submitSend(event: FormEvent) {
    event.preventDefault()
    send.transform(
      (data) =>
        ({
          template_id: data.template_id,
          target: data.target,
          ...(data.target === 'device'
            ? { device_id: data.device_id }
            : { group_id: data.group_id }),
        }) as typeof data
    )
    send.post(`${base}/send`, { preserveScroll: true })
  }

  const logLink = (page: number, device: number | null) => {
    const query = new URLSearchParams()
    if (page > 1) query.set('page', String(page))
    if (device) query.set('device', String(device))
    const qs = query.toString()
    return qs ? `${base}?${qs}` : base
  }

  return (
    <>
      <Head title={t('common.routes.settings.commands')} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {t('common.routes.settings.commands')}
      </h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">{t('settings.commands.intro')}</p>
      <div className="grid gap-6 xl:grid-cols-2">
        <FormSection title={t('settings.commands.send_title')}>
          {templates.length === 0 ? (
            <p className="text-sm text-slate-600">{t('settings.commands.no_templates')}</p>
          ) : (
            <form onSubmit={submitSend} noValidate className="space-y-4">
              <SelectField
                label={t('settings.commands.fields.template_id')}
                name="template_id"
                value={send.data.template_id}
                onChange={(event) => send.setData('template_id', event.target.value)}
                error={send.errors.template_id}
                options={templates.map((template) => ({
                  value: String(template.id),
                  label: `${format.protocol(template.protocol)} · ${template.name}`,
                }))}
              />
              {chosen ? (
                <p className="rounded bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700">
                  {chosen.text}
                </p>
              ) : null}
              <fieldset>
                <legend className="mb-1 text-sm font-medium text-slate-700">
                  {t('settings.commands.fields.target')}
                </legend>
                <div className="flex gap-4 text-sm">
                  {(['device', 'group'] as const).map((target) => (
                    <label key={target} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="target"
                        value={target}
                        checked={send.data.target === target}
                        onChange={() => send.setData('target', target)}
                      />
                      {t(`settings.commands.targets.${target}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
              {send.data.target === 'device' ? (
                <SelectField
                  label={t('settings.commands.fields.device_id')}
                  name="device_id"
                  value={send.data.device_id}
                  onChange={(event) => send.setData('device_id', event.target.value)}
                  error={send.errors.device_id}
                >
                  <option value="">{t('settings.commands.choose_vehicle')}</option>
                  {eligible.map((device) => (
                    <option key={device.id} value={device.id}>
                      {device.plate ? `${device.name} (${device.plate})` : device.name}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <SelectField
                  label={t('settings.commands.fields.group_id')}
                  name="group_id"
                  value={send.data.group_id}
                  onChange={(event) => send.setData('group_id', event.target.value)}
                  error={send.errors.group_id}
                  hint={t('settings.commands.group_hint')}
                >
                  <option value="">{t('settings.commands.choose_group')}</option>
                  {groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </SelectField>
              )}
              <Button type="submit" disabled={send.processing}>
                {t('settings.commands.send')}
              </Button>
            </form>
          )}
        </FormSection>

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
                  {canEditTemplates ? (
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
          {canEditTemplates ? (
            <form onSubmit={submitTemplate} noValidate className="space-y-4">
              <h3 className="text-sm font-semibold text-slate-800">
                {editing
                  ? t('settings.commands.edit_template')
                  : t('settings.commands.new_template')}
              </h3>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label={t('settings.commands.fields.protocol')}
                  name="protocol"
                  value={templateForm.data.protocol}
                  onChange={(event) => templateForm.setData('protocol', event.target.value)}
                  error={templateForm.errors.protocol}
                  options={protocols.map((protocol) => ({
                    value: protocol,
                    label: format.protocol(protocol),
                  }))}
                />
                <InputField
                  label={t('settings.commands.fields.name')}
                  name="name"
                  value={templateForm.data.name}
                  onChange={(event) => templateForm.setData('name', event.target.value)}
                  error={templateForm.errors.name}
                />
              </div>
              <TextAreaField
                label={t('settings.commands.fields.text')}
                name="text"
                rows={3}
                className="font-mono"
                hint={t(`settings.commands.text_hint.${templateForm.data.protocol}`)}
                value={templateForm.data.text}
                onChange={(event) => templateForm.setData('text', event.target.value)}
                error={templateForm.errors.text}
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
        </FormSection>
      </div>

      <section aria-labelledby="command-log" className="mt-8">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="command-log" className="text-lg font-semibold text-slate-900">
            {t('settings.commands.log_title')}
          </h2>
          <SelectField
            label={t('settings.commands.filter_vehicle')}
            name="log_device"
            className="w-64"
            value={logDevice ? String(logDevice) : ''}
            onChange={(event) =>
              router.visit(logLink(1, event.target.value ? Number(event.target.value) : null), {
                preserveScroll: true,
              })
            }
          >
            <option value="">{t('settings.commands.all_vehicles')}</option>
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.name}
              </option>
            ))}
          </SelectField>
        </div>
        {log.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.commands.log_empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="command-log">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.time')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.vehicle')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.command')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.status')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.reply')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('settings.commands.log.sent_by')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {log.map((line) => (
                  <tr key={line.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {format.dateTime(line.createdAt, true)}
                    </td>
                    <td className="px-3 py-2">
                      {line.plate ? `${line.vehicle} (${line.plate})` : line.vehicle}
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {line.kind === 'custom'
                        ? line.payload
                        : t(`live.commands.kinds.${line.kind}`)}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={statusTone[line.status as keyof typeof statusTone] ?? 'neutral'}>
                        {t(`live.commands.status.${line.status}`)}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs break-all">
                      {line.response ?? '—'}
                    </td>
                    <td className="px-3 py-2">{line.sentBy ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label={t('settings.commands.log_pages')} className="mt-3 flex gap-2">
          {logPage > 1 ? (
            <Link
              href={logLink(logPage - 1, logDevice)}
              preserveScroll
              className="text-sm text-brand-700 underline"
            >
              {t('settings.commands.newer')}
            </Link>
          ) : null}
          {logHasMore ? (
            <Link
              href={logLink(logPage + 1, logDevice)}
              preserveScroll
              className="text-sm text-brand-700 underline"
            >
              {t('settings.commands.older')}
            </Link>
          ) : null}
        </nav>
      </section>

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
    </>
  )
}
