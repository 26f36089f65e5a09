import { Link, router } from '@inertiajs/react'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import { SelectField } from '~/components/form/fields'
import { Badge } from '~/components/ui/badge'
import { ColumnHeaders } from '~/components/ui/table'
import type { CommandLogLine, CommandVehicle } from './types'

const statusTone = { queued: 'neutral', sent: 'brand', answered: 'green', failed: 'red' } as const

/** The log of sent commands, newest first, by vehicle, a page at a time. */
export function CommandLog({
  base,
  devices,
  log,
  logPage,
  logHasMore,
  logDevice,
}: {
  base: string
  devices: CommandVehicle[]
  log: CommandLogLine[]
  logPage: number
  logHasMore: boolean
  logDevice: number | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  const logLink = (page: number, device: number | null) => {
    const query = new URLSearchParams()
    if (page > 1) query.set('page', String(page))
    if (device) query.set('device', String(device))
    const qs = query.toString()
    return qs ? `${base}?${qs}` : base
  }

  return (
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
            <ColumnHeaders
              className="bg-slate-50 text-slate-600"
              cellClassName="px-3 py-2 font-medium"
              columns={['time', 'vehicle', 'command', 'status', 'reply', 'sent_by'].map((column) =>
                t(`settings.commands.log.${column}`)
              )}
            />
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
                    {line.kind === 'custom' ? line.payload : t(`live.commands.kinds.${line.kind}`)}
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={statusTone[line.status as keyof typeof statusTone] ?? 'neutral'}>
                      {t(`live.commands.status.${line.status}`)}
                    </Badge>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs break-all">{line.response ?? '—'}</td>
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
  )
}
