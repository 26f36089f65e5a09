import { Cookie } from 'lucide-react'
import { useEffect, useSyncExternalStore } from 'react'
import { usePage } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

export const CONSENT_COOKIE = 'cookie_consent'
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60
/** Dispatch on window to show the banner again (the cookie policy page has a button). */
export const OPEN_CONSENT_EVENT = 'fleettrack:cookie-settings'

type Choice = 'accepted' | 'rejected'

function readChoice(): Choice | null {
  const match = document.cookie.match(/(?:^|;\s*)cookie_consent=(accepted|rejected)(?:;|$)/)
  return (match?.[1] as Choice | undefined) ?? null
}

function storeChoice(choice: Choice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`
}

/** Removes the analytics cookies (_ga, _ga_*) after a withdrawn consent. */
function clearAnalyticsCookies() {
  const host = window.location.hostname
  const domains = ['', `; Domain=${host}`, `; Domain=.${host.split('.').slice(-2).join('.')}`]
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (!name || !/^_ga(_|$)|^_gid$/.test(name)) continue
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`
  }
}

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
  }
}

/** Loads Google Analytics 4 (gtag.js) once, only ever called after consent. */
function loadAnalytics(id: string) {
  if (window.gtag || document.getElementById('ga4-gtag')) return
  window.dataLayer = window.dataLayer ?? []
  window.gtag = function gtag() {
    // gtag.js reads the arguments object, not an array.

    window.dataLayer!.push(arguments)
  }
  window.gtag('js', new Date())
  window.gtag('config', id, { anonymize_ip: true })
  const script = document.createElement('script')
  script.id = 'ga4-gtag'
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
}

/*
| The choice as an external store: the cookie, plus "asked again" after the visitor opens the
| settings from the cookie policy. The server snapshot is "unknown", so the server-rendered
| HTML never contains the banner and hydration never mismatches.
*/
type Snapshot = Choice | 'ask' | 'unknown'
const listeners = new Set<() => void>()
let askingAgain = false

function subscribe(listener: () => void) {
  listeners.add(listener)
  const reopen = () => {
    askingAgain = true
    listeners.forEach((notify) => notify())
  }
  window.addEventListener(OPEN_CONSENT_EVENT, reopen)
  return () => {
    listeners.delete(listener)
    window.removeEventListener(OPEN_CONSENT_EVENT, reopen)
  }
}

function snapshot(): Snapshot {
  return askingAgain ? 'ask' : (readChoice() ?? 'ask')
}

function decide(choice: Choice) {
  storeChoice(choice)
  askingAgain = false
  listeners.forEach((notify) => notify())
}

/**
 * The cookie banner of the public site. Nothing but strictly necessary cookies are set
 * until the visitor accepts; the analytics tag (ANALYTICS_ID, GA4) loads only after that.
 * The choice is kept for 365 days in the `cookie_consent` cookie.
 */
export function CookieConsent() {
  const { t } = useI18n()
  const analyticsId = (usePage().props.analyticsId as string | null | undefined) ?? null
  const state = useSyncExternalStore(subscribe, snapshot, () => 'unknown' as const)

  useEffect(() => {
    if (readChoice() === 'accepted' && analyticsId) loadAnalytics(analyticsId)
  }, [state, analyticsId])

  function choose(choice: Choice) {
    decide(choice)
    if (choice === 'rejected') clearAnalyticsCookies()
  }

  if (state !== 'ask') return null

  return (
    <section
      role="region"
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/20 sm:inset-x-6 sm:bottom-6 sm:p-6"
      data-testid="cookie-consent"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-6">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:inline-flex">
          <Cookie className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="cookie-consent-title" className="text-sm font-semibold text-slate-900">
            {t('site.cookies.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('site.cookies.description')}{' '}
            <RouteLink route="cookie-policy" className="font-medium text-brand-700 underline">
              {t('site.cookies.policy')}
            </RouteLink>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => choose('rejected')} data-testid="cookie-reject">
            {t('site.cookies.reject')}
          </Button>
          <Button onClick={() => choose('accepted')} data-testid="cookie-accept">
            {t('site.cookies.accept')}
          </Button>
        </div>
      </div>
    </section>
  )
}
