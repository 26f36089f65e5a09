import { clsx } from 'clsx'
import type { LiveConnection } from '~/hooks/use_live_updates'
import { useI18n } from '~/lib/i18n'

/** "Live" with a pulsing dot while the live channel is up; the state otherwise. */
export function LiveIndicator({ connection }: { connection: LiveConnection }) {
  const { t } = useI18n()
  const up = connection === 'connected'
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        up
          ? 'bg-green-50 text-green-800 ring-green-600/20'
          : 'bg-slate-100 text-slate-600 ring-slate-500/20'
      )}
      role="status"
      data-testid="live-connection"
      data-connection={connection}
    >
      <span className="relative flex size-2">
        {up && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-60" />
        )}
        <span
          className={clsx(
            'relative inline-flex size-2 rounded-full',
            up ? 'bg-green-600' : connection === 'disconnected' ? 'bg-red-500' : 'bg-amber-500'
          )}
        />
      </span>
      {t(`live.connection.${connection}`)}
    </span>
  )
}
