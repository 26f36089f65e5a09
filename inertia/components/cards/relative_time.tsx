import { useEffect, useState } from 'react'
import { useIsClient } from '~/components/map/client_only'
import { useFormat } from '~/lib/format'

/**
 * "3 minutes ago", kept current; the exact time is its tooltip. The server (and hydration)
 * render the exact time, which does not depend on when the page is rendered.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const format = useFormat()
  const client = useIsClient()
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])

  const exact = format.dateTime(value, true)
  return (
    <time dateTime={value} title={exact} className={className}>
      {client ? format.relative(value, now) : exact}
    </time>
  )
}
