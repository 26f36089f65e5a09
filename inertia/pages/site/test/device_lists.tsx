import { Cable, Plug, RadioTower, Smartphone, type LucideIcon } from 'lucide-react'
import type { TrackerProtocol } from '#shared/fleet_enums'
import { Container } from '~/components/container'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { ColumnHeaders } from '~/components/ui/table'
import type { Data } from '~generated/data'

type Props = { devices: Data.Site.SupportedDevice[]; families: Data.Site.ProtocolFamily[] }

const icons: Partial<Record<TrackerProtocol, LucideIcon>> = {
  teltonika: Cable,
  gt06: Plug,
  osmand: Smartphone,
}

/** The trackers FleetTrack supports, by protocol family, with the port each connects to. */
export default function DeviceLists({ devices, families }: Props) {
  const { t } = useI18n()
  const portOf = (protocol: TrackerProtocol) =>
    families.find((family) => family.protocol === protocol)?.port
  return (
    <>
      <Seo />
      <PageHero title={t('site.devices.title')} lead={t('site.devices.lead')} />
      <Container className="space-y-12 py-12 sm:py-16">
        <div className="grid gap-4 sm:grid-cols-3">
          {families.map(({ protocol, transport, port }) => {
            const Icon = icons[protocol] ?? RadioTower
            return (
              <div
                key={protocol}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h2 className="mt-4 font-semibold text-slate-900">
                  {t(`site.devices.families.${protocol}.name`)}
                </h2>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`site.devices.families.${protocol}.text`)}
                </p>
                <p
                  className="mt-4 inline-flex items-center gap-2 rounded-lg bg-slate-900 px-3 py-1.5 font-mono text-sm text-white"
                  data-testid={`port-${protocol}`}
                >
                  {`${transport} ${port}`}
                </p>
              </div>
            )
          })}
        </div>

        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[40rem] text-sm" data-testid="device-table">
            <caption className="px-6 pt-5 text-left text-lg font-semibold text-slate-900">
              {t('site.devices.tableTitle')}
            </caption>
            <ColumnHeaders
              rowClassName="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase"
              cellClassName="px-6 py-3 font-semibold"
              columns={(['model', 'family', 'connection', 'port', 'engineBlock'] as const).map(
                (column) => t(`site.devices.columns.${column}`)
              )}
            />
            <tbody>
              {devices.map((device) => (
                <tr key={device.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-6 py-3 text-left font-medium text-slate-900">
                    {device.brand}{' '}
                    {device.model.startsWith('Traccar')
                      ? device.model.replace('Traccar ', '')
                      : device.model}
                  </th>
                  <td className="px-6 py-3 text-slate-600">{device.family}</td>
                  <td className="px-6 py-3 text-slate-600">
                    {t(`site.devices.connections.${device.connection}`)}
                  </td>
                  <td className="px-6 py-3 font-mono text-slate-700">{portOf(device.protocol)}</td>
                  <td className="px-6 py-3 text-slate-600">
                    {device.engineBlock ? t('site.common.yes') : t('site.common.no')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-slate-600">
          {t('site.devices.more')}{' '}
          <RouteLink route="tutorials" className="font-semibold text-brand-700 hover:underline">
            {t('site.devices.tutorials')}
          </RouteLink>
        </p>
      </Container>
    </>
  )
}
