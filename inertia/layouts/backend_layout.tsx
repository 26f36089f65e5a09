import { clsx } from 'clsx'
import {
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { router } from '@inertiajs/react'
import { Dialog } from 'radix-ui'
import { Sidebar } from '~/components/sidebar'
import { SkipLink } from '~/components/skip_link'
import { TopBar } from '~/components/top_bar'
import { useI18n } from '~/lib/i18n'

const COLLAPSED_KEY = 'fleettrack:sidebar-collapsed'
const COLLAPSED_EVENT = 'fleettrack:sidebar-collapsed'

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1'
  } catch {
    return false // Storage unavailable (private mode, blocked): the default.
  }
}

function subscribeCollapsed(onChange: () => void) {
  window.addEventListener('storage', onChange)
  window.addEventListener(COLLAPSED_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(COLLAPSED_EVENT, onChange)
  }
}

/**
 * Whether the desktop sidebar is collapsed to an icon rail, kept in
 * localStorage. The server (and hydration) render it expanded; the stored
 * choice applies right after hydration and follows other tabs.
 */
function useCollapsedSidebar() {
  const collapsed = useSyncExternalStore(subscribeCollapsed, readCollapsed, () => false)
  const toggle = useCallback(() => {
    try {
      window.localStorage.setItem(COLLAPSED_KEY, readCollapsed() ? '0' : '1')
    } catch {
      // Not persisted: nothing to toggle against.
    }
    window.dispatchEvent(new Event(COLLAPSED_EVENT))
  }, [])
  return [collapsed, toggle] as const
}

/** The back office: sidebar menus (a drawer on small screens), top bar and the page. */
export default function BackendLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const [collapsed, toggleCollapsed] = useCollapsedSidebar()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const drawerId = useId()

  // A visit closes the drawer.
  useEffect(() => router.on('navigate', () => setDrawerOpen(false)), [])

  return (
    <div className="flex min-h-screen bg-slate-50">
      <SkipLink />
      <aside
        className={clsx(
          'sticky top-0 hidden h-screen shrink-0 transition-[width] duration-200 lg:block',
          collapsed ? 'w-[4.5rem]' : 'w-64'
        )}
      >
        <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px] lg:hidden" />
          <Dialog.Content
            id={drawerId}
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">{t('common.backend.navigation')}</Dialog.Title>
            <Sidebar onClose={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar onOpenNav={() => setDrawerOpen(true)} navOpen={drawerOpen} navId={drawerId} />
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  )
}
