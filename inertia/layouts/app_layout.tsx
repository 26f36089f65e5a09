import { useEffect, useRef, useState, type ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { useI18n } from '~/lib/i18n'
import { layoutOf, loadedLayout } from '~/lib/layouts'
import type { SharedProps } from '~/types'

type Sonner = typeof import('sonner')
let sonnerModule: Sonner | null = null

/**
 * Shows the one-time flash messages as toasts. Each server response carries a
 * fresh `flash` object, so the same message flashed twice in a row shows twice;
 * a visit that does not send flash again keeps the same object and shows nothing.
 * The toast library loads with the first message (most visits, and every cached public
 * page, have none), then the toaster mounts and shows it. Effects run on the client only.
 */
function FlashToasts({ flash }: { flash: SharedProps['flash'] | undefined }) {
  const { t } = useI18n()
  const [sonner, setSonner] = useState<Sonner | null>(sonnerModule)
  const shown = useRef<SharedProps['flash'] | undefined>(undefined)
  const hasMessage = Boolean(flash?.success || flash?.error)

  useEffect(() => {
    if (!hasMessage || sonner) return
    let cancelled = false
    void import('sonner').then((module) => {
      sonnerModule = module
      if (!cancelled) setSonner(module)
    })
    return () => {
      cancelled = true
    }
  }, [hasMessage, sonner])

  useEffect(() => {
    if (!sonner || !flash || shown.current === flash) return
    shown.current = flash
    if (flash.success) sonner.toast.success(flash.success)
    if (flash.error) sonner.toast.error(flash.error)
  }, [sonner, flash])

  if (!sonner) return null
  const { Toaster } = sonner
  return (
    <Toaster
      position="bottom-right"
      theme="light"
      dir="ltr"
      richColors
      closeButton
      containerAriaLabel={t('common.toast.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('common.toast.close') }}
    />
  )
}

/**
 * The default layout of every page (see app.tsx / ssr.tsx): picks the page's
 * layout from its route (`props.route.layout`, the public one when there is no
 * route; lib/layouts.ts) and hosts the toasts. Error pages always use the public layout.
 *
 * Keep this a function declaration: Inertia treats a prototype-less function
 * (an arrow function) as a layout resolver instead of a component.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { component, props } = usePage<SharedProps>()
  // Loaded with the page by resolvePage (lib/layouts.ts): only the public one is in the entry.
  // The same layout always yields the same component (a module-level cache), so rendering it
  // never remounts the page.
  const Current = loadedLayout(layoutOf(component, props))

  // Marks the document once React has hydrated it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  return (
    <>
      {/* eslint-disable-next-line react-hooks/static-components -- see above */}
      <Current>{children}</Current>
      <FlashToasts flash={props.flash} />
    </>
  )
}
