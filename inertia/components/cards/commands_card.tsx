import { clsx } from 'clsx'
import { CheckCircle2, CircleAlert, Clock, Send, Terminal } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import type { CommandStatus } from '#shared/fleet_enums'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

const statusStyle: Record<CommandStatus, { icon: typeof Clock; classes: string }> = {
  queued: { icon: Clock, classes: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  sent: { icon: Send, classes: 'bg-blue-50 text-blue-800 ring-blue-600/25' },
  answered: { icon: CheckCircle2, classes: 'bg-green-50 text-green-800 ring-green-600/25' },
  failed: { icon: CircleAlert, classes: 'bg-red-50 text-red-700 ring-red-600/20' },
}

/** The vehicle's latest commands: queued → sent → answered, with the tracker's reply. */
export function CommandsCard({ commands }: { commands: Data.Live.VehicleCommand[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.commands')}
      icon={Terminal}
      testId="card-commands"
      bodyClassName="px-0 py-0"
    >
      {commands.length === 0 ? (
        <CardEmpty icon={Terminal} message={t('live.commands.none')} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-live="polite">
          {commands.map((command) => {
            const { icon: Icon, classes } = statusStyle[command.status]
            return (
              <li
                key={command.id}
                className="px-4 py-2.5 text-sm"
                data-testid="command-item"
                data-command-id={command.id}
                data-status={command.status}
              >
                <div className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate font-medium text-slate-900">
                    {command.kind === 'custom' ? (
                      <code className="font-mono text-xs">{command.payload}</code>
                    ) : (
                      t(`live.commands.kinds.${command.kind}`)
                    )}
                  </span>
                  <span
                    className={clsx(
                      'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                      classes
                    )}
                  >
                    <Icon className="size-3" aria-hidden="true" />
                    {t(`live.commands.status.${command.status}`)}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                  {format.dateTime(command.answeredAt ?? command.sentAt ?? command.createdAt, true)}
                </p>
                {command.response && (
                  <p className="mt-1 rounded bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-700">
                    <span className="font-sans text-slate-500">{t('live.commands.reply')}: </span>
                    {command.response}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </DetailCard>
  )
}
