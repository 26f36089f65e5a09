import { MessageSquareText, Server } from 'lucide-react'
import { InputField, SelectField } from '~/components/form/fields'
import { ToolPage } from '~/components/site/tool_page'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = {
  devices: Data.Site.SupportedDevice[]
  selected: string
  apn: string
  host: string
  profile: Data.Site.DeviceProfile | null
}

/** Internal tool: the wire settings to configure a tracker model (server, port, protocol). */
export default function DeviceProfile({ devices, selected, apn, profile }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  return (
    <ToolPage
      title={t('site.profile.title')}
      lead={t('site.profile.lead')}
      action={path('test.device-profile')}
      submit={t('site.profile.show')}
      fields={
        <>
          <SelectField
            label={t('site.profile.device')}
            name="device"
            defaultValue={selected}
            required
          >
            <option value="">{t('site.profile.choose')}</option>
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.brand} {device.model}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t('site.profile.apn')}
            name="apn"
            defaultValue={apn}
            hint={t('site.profile.apnHint')}
            maxLength={64}
          />
        </>
      }
      result={
        profile && (
          <section
            aria-labelledby="profile-title"
            className="space-y-6"
            data-testid="device-profile"
          >
            <h2 id="profile-title" className="text-2xl font-semibold text-slate-900">
              {profile.device.brand} {profile.device.model}
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              {[
                ['server', profile.host],
                ['port', `${profile.transport} ${profile.port}`],
                ['protocol', profile.protocolName],
              ].map(([key, value]) => (
                <div
                  key={key}
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <dt className="flex items-center gap-1.5 text-sm text-slate-500">
                    <Server className="size-4" aria-hidden="true" />
                    {t(`site.profile.fields.${key}`)}
                  </dt>
                  <dd className="mt-1 font-mono text-base font-semibold break-all text-slate-900">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <MessageSquareText className="size-5 text-brand-600" aria-hidden="true" />
                {t(`site.profile.setup.${profile.setup.kind}`)}
              </h3>
              <pre
                className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-100"
                data-testid="profile-setup"
              >
                {profile.setup.lines.join('\n')}
              </pre>
              <p className="mt-3 text-sm text-slate-600">
                {t(`site.profile.notes.${profile.device.protocol}`)}
              </p>
            </div>
          </section>
        )
      }
      empty={selected ? t('site.profile.unknown') : t('site.profile.empty')}
    />
  )
}
