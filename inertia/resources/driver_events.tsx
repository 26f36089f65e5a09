import type { ResourceClient } from '~/crud/types'
import { useAlarmText } from '~/components/cards/alarm_text'

/** An event's name (spec §9) and state in the page's language, its code kept beside it. */
function EventName({ code, state }: { code: string; state: string | null }) {
  const text = useAlarmText()
  return (
    <span>
      {text(code, state === 'A' || state === 'F' ? state : null)}{' '}
      <span className="text-xs text-slate-500">({code})</span>
    </span>
  )
}

/** Driver events: each code named. */
export const driverEventsClient: ResourceClient = {
  key: 'driver_events',
  cells: {
    code: (value, row) => (
      <EventName code={String(value ?? '')} state={(row.state as string | null) ?? null} />
    ),
  },
}
