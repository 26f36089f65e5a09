import { Head, useForm } from '@inertiajs/react'
import { Radio } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { CardTable } from '~/components/ui/table'
import { Modal } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import { useRoute } from '~/lib/routes'
import { bindField, InputField } from '~/components/form/fields'
import type { Data } from '~generated/data'

/** Generated from app/transformers/tracking/unregistered_device_transformer.ts. */
type Seen = Data.Tracking.UnregisteredDevice

/** Claims a seen IMEI: registers it to the company with the protocol it spoke. */
function ClaimDialog({ device, onClose }: { device: Seen; onClose: () => void }) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm({
    name: '',
    plate: '',
    imei: device.imei,
    protocol: device.protocol,
    ownership: 'own',
    status: 'active',
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(path('settings.devices'), { onSuccess: onClose })
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${t('crud.devices.claim')} · ${device.imei}`}
      footer={
        <Button
          type="submit"
          form="claim-form"
          disabled={form.processing}
          data-testid="confirm-claim"
        >
          {t('crud.devices.claim')}
        </Button>
      }
    >
      <form id="claim-form" onSubmit={submit} className="space-y-4" noValidate>
        <InputField label={t('crud.devices.fields.name')} {...bindField(form, 'name')} />
        <InputField label={t('crud.devices.fields.plate')} {...bindField(form, 'plate')} />
        {form.errors.imei && (
          <p role="alert" className="text-sm text-red-600">
            {form.errors.imei}
          </p>
        )}
      </form>
    </Modal>
  )
}

export default function UnregisteredDevices({ seen }: { seen: Seen[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const [claiming, setClaiming] = useState<Seen | null>(null)
  const when = (iso: string) => format.dateTime(iso)

  return (
    <>
      <Head title={title} />
      <PageHeader description={t('crud.devices.unregistered_help')} />
      {seen.length === 0 ? (
        <EmptyState icon={Radio} title={t('crud.devices.none_unregistered')} />
      ) : (
        <CardTable testId="unregistered-devices">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-4 py-3 font-medium">{t('crud.devices.fields.imei')}</th>
              <th className="px-4 py-3 font-medium">{t('crud.devices.fields.protocol')}</th>
              <th className="px-4 py-3 font-medium">{t('crud.devices.seen')}</th>
              <th className="px-4 py-3 font-medium">{t('crud.devices.attempts')}</th>
              <th className="px-4 py-3" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {seen.map((device) => (
              <tr key={device.imei}>
                <td className="px-4 py-3 font-mono">{device.imei}</td>
                <td className="px-4 py-3">
                  {t(`crud.devices.values.protocol.${device.protocol}`)}
                </td>
                <td className="px-4 py-3">{when(device.lastSeenAt)}</td>
                <td className="px-4 py-3">{device.attempts}</td>
                <td className="px-4 py-3 text-right">
                  <Button size="sm" onClick={() => setClaiming(device)} data-testid="claim">
                    {t('crud.devices.claim')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      )}
      {claiming && <ClaimDialog device={claiming} onClose={() => setClaiming(null)} />}
    </>
  )
}
