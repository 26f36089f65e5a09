import { useCallback, useEffect, useRef, useState } from 'react'
import { router, usePage } from '@inertiajs/react'
import type { LiveBroadcast, LiveMessage } from '#tracking/live_channel'
import { liveMessagesOf } from '#shared/live_broadcast'

export type LiveConnection = 'connecting' | 'connected' | 'reconnecting' | 'disconnected'

/**
 * Follows the company's live channel (Transmit, Server-Sent Events) while the component is
 * mounted and hands every message to `onMessage`, one at a time and in order (a broadcast may
 * carry several, see `LiveBatchMessage`). The client library loads in the browser
 * only, on first use. Returns the connection state, for a "live" indicator.
 *
 * Messages sent while the connection was down are lost: `onReconnected` lets the page reload
 * what it shows once the stream is back.
 */
export function useLiveUpdates(
  companyId: number | null | undefined,
  onMessage: (message: LiveMessage) => void,
  options: { onReconnected?: () => void } = {}
): LiveConnection {
  const handler = useRef(onMessage)
  const reconnected = useRef(options.onReconnected)
  const [connection, setConnection] = useState<LiveConnection>('connecting')
  // The member's channels: the company's, or one per vehicle group they are limited to.
  const shared = (usePage().props as { liveChannels?: string[] | null }).liveChannels
  const channels = shared ?? (companyId ? [`companies/${companyId}/live`] : [])
  const channelKey = channels.join(' ')

  useEffect(() => {
    handler.current = onMessage
    reconnected.current = options.onReconnected
  })

  useEffect(() => {
    if (!companyId) return
    let cancelled = false
    let cleanup: (() => void) | null = null

    import('@adonisjs/transmit-client').then(async ({ Transmit }) => {
      if (cancelled) return
      const transmit = new Transmit({
        baseUrl: window.location.origin,
        maxReconnectAttempts: Number.POSITIVE_INFINITY,
        onReconnectAttempt: () => setConnection('reconnecting'),
        onReconnectFailed: () => setConnection('disconnected'),
      })
      const subscriptions = channelKey
        .split(' ')
        .filter(Boolean)
        .map((channel) => transmit.subscription(channel))
      let lost = false
      // 'connected' means subscribed: the first time, once create() below resolves.
      transmit.on('connected', () => {
        if (!subscriptions.every((subscription) => subscription.isCreated)) return
        setConnection('connected')
        if (lost) reconnected.current?.()
        lost = false
      })
      transmit.on('disconnected', () => {
        lost = true
        setConnection('reconnecting')
      })
      const stopListening = subscriptions.map((subscription) =>
        subscription.onMessage<LiveBroadcast>((broadcast) => {
          for (const message of liveMessagesOf(broadcast)) handler.current(message)
        })
      )
      cleanup = () => {
        for (const stop of stopListening) stop()
        for (const subscription of subscriptions) subscription.delete().catch(() => {})
        transmit.close()
      }
      try {
        await Promise.all(subscriptions.map((subscription) => subscription.create()))
        if (!cancelled) {
          const created = subscriptions.every((subscription) => subscription.isCreated)
          setConnection(created ? 'connected' : 'disconnected')
        }
      } catch {
        if (!cancelled) setConnection('disconnected')
      }
      if (cancelled) cleanup()
    })

    return () => {
      cancelled = true
      cleanup?.()
    }
  }, [companyId, channelKey])

  return connection
}

/**
 * Reloads the named props of the page after live changes, at most once per `intervalMs`
 * (the last request of a burst always runs), without a progress bar.
 */
export function useThrottledReload(intervalMs: number) {
  const pending = useRef(new Set<string>())
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const last = useRef(0)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  return useCallback(
    (props: string[]) => {
      props.forEach((prop) => pending.current.add(prop))
      if (timer.current) return
      const wait = Math.max(0, last.current + intervalMs - Date.now())
      timer.current = setTimeout(() => {
        timer.current = null
        last.current = Date.now()
        const only = [...pending.current]
        pending.current.clear()
        router.reload({ only, async: true, showProgress: false })
      }, wait)
    },
    [intervalMs]
  )
}
