import { useForm } from '@inertiajs/react'
import { useMemo, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import { bindField, bindRadio, SelectField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { Button } from '~/components/ui/button'
import type { CommandGroup, CommandTemplate, CommandVehicle } from './types'

/** Sends a template to one vehicle (of the template's protocol) or to a vehicle group. */
export function SendCommandForm({
  base,
  templates,
  devices,
  groups,
}: {
  base: string
  templates: CommandTemplate[]
  devices: CommandVehicle[]
  groups: CommandGroup[]
}) {
  const { t } = useI18n()
  const format = useFormat()
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

  return (
    <FormSection title={t('settings.commands.send_title')}>
      {templates.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.commands.no_templates')}</p>
      ) : (
        <form onSubmit={submitSend} noValidate className="space-y-4">
          <SelectField
            label={t('settings.commands.fields.template_id')}
            {...bindField(send, 'template_id')}
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
                  <input {...bindRadio(send, 'target', target)} />
                  {t(`settings.commands.targets.${target}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {send.data.target === 'device' ? (
            <SelectField
              label={t('settings.commands.fields.device_id')}
              {...bindField(send, 'device_id')}
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
              {...bindField(send, 'group_id')}
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
  )
}
