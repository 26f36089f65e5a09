import { Bell } from 'lucide-react'
import { Link, usePage } from '@inertiajs/react'
import { useCallback, useEffect, useState } from 'react'
import {
  Dropdown,
  DropdownContent,
  DropdownItem,
  DropdownSeparator,
  DropdownTrigger,
} from '~/components/ui/dropdown'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import type { SharedProps } from '~/types'

interface InboxItem {
  id: number
  title: string
  body: string
  url: string
  read: boolean
  createdAt: string
}

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : ''
}

async function post(path: string) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Accept': 'application/json', 'X-XSRF-TOKEN': xsrfToken() },
  })
  if (!response.ok) throw new Error(String(response.status))
  return (await response.json()) as { unread: number }
}

async function fetchInbox() {
  const response = await fetch('/backend/notifications', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(String(response.status))
  return (await response.json()) as { unread: number; items: InboxItem[] }
}

/**
 * The in-app inbox in the top bar: a bell with the unread count, kept live over Transmit
 * (the member's own channel), and the latest notifications; opening one marks it read.
 */
export function NotificationBell() {
  const { t } = useI18n()
  const format = useFormat()
  const { user, company } = usePage<SharedProps>().props
  const [unread, setUnread] = useState(0)
  const [items, setItems] = useState<InboxItem[] | null>(null)
  const [failed, setFailed] = useState(false)

  const load = useCallback(
    () =>
      fetchInbox()
        .then((data) => {
          setUnread(data.unread)
          setItems(data.items)
          setFailed(false)
        })
        .catch(() => setFailed(true)),
    []
  )

  useEffect(() => {
    if (!user || !company) return
    fetchInbox()
      .then((data) => {
        setUnread(data.unread)
        setItems(data.items)
      })
      .catch(() => setFailed(true))
    let cleanup: (() => void) | null = null
    let cancelled = false
    import('@adonisjs/transmit-client').then(async ({ Transmit }) => {
      if (cancelled) return
      const transmit = new Transmit({ baseUrl: window.location.origin })
      const subscription = transmit.subscription(`users/${user.id}/notifications`)
      const stop = subscription.onMessage<{ type: string; unread: number; companyId: number }>(
        (message) => {
          if (message.companyId !== company.id) return
          setUnread(message.unread)
          setItems(null)
        }
      )
      cleanup = () => {
        stop()
        subscription.delete().catch(() => {})
        transmit.close()
      }
      await subscription.create().catch(() => {})
      if (cancelled) cleanup()
    })
    return () => {
      cancelled = true
      cleanup?.()
    }
  }, [user, company])

  if (!user || !company) return null
  const when = (iso: string) => format.dateTime(iso)
  const label = `${t('alerts.inbox.bell')}: ${t('alerts.inbox.unread', { count: unread })}`

  return (
    <Dropdown modal={false} onOpenChange={(open) => open && items === null && void load()}>
      <DropdownTrigger
        aria-label={label}
        className="relative inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        data-testid="notification-bell"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
            data-testid="notification-count"
            aria-hidden="true"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownTrigger>
      <DropdownContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <div className="flex items-center justify-between px-2 py-1.5">
          <span className="text-sm font-semibold text-slate-900">{t('alerts.inbox.bell')}</span>
        </div>
        <DropdownSeparator />
        {unread > 0 && (
          <DropdownItem
            className="text-xs font-medium text-brand-700"
            onSelect={async (event) => {
              event.preventDefault()
              const result = await post('/backend/notifications/read').catch(() => null)
              if (result) {
                setUnread(result.unread)
                setItems((list) => list?.map((item) => ({ ...item, read: true })) ?? null)
              }
            }}
          >
            {t('alerts.inbox.mark_all')}
          </DropdownItem>
        )}
        {failed && <p className="px-2 py-3 text-sm text-red-700">{t('alerts.inbox.error')}</p>}
        {!failed && items !== null && items.length === 0 && (
          <p className="px-2 py-3 text-sm text-slate-600">{t('alerts.inbox.empty')}</p>
        )}
        <div className="max-h-96 overflow-y-auto" data-testid="notification-list">
          {(items ?? []).map((item) => (
            <DropdownItem key={item.id} asChild>
              <Link
                href={item.url}
                onClick={() => {
                  if (item.read) return
                  post(`/backend/notifications/${item.id}/read`)
                    .then((result) => setUnread(result.unread))
                    .catch(() => {})
                }}
                className="block space-y-0.5 whitespace-normal"
              >
                <span
                  className={`block text-sm ${item.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}
                >
                  {!item.read && <span className="sr-only">{t('alerts.inbox.new')} </span>}
                  {item.title}
                </span>
                <span className="block text-xs text-slate-600">{item.body}</span>
                <span className="block text-xs text-slate-500">{when(item.createdAt)}</span>
              </Link>
            </DropdownItem>
          ))}
        </div>
      </DropdownContent>
    </Dropdown>
  )
}
