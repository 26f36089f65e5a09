import type { ReactNode } from 'react'
import { LanguageDropdown } from '~/components/language_dropdown'
import { Logo } from '~/components/logo'
import { SkipLink } from '~/components/skip_link'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/** Sign-in, sign-up, confirmation and password pages: a centred card. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const year = new Date().getFullYear()
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden bg-slate-50">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-gradient-to-b from-brand-100/70 to-transparent"
        aria-hidden="true"
      />
      <SkipLink />
      <header className="relative flex items-center justify-between px-4 py-5 sm:px-8">
        <RouteLink
          route="home"
          aria-label={t('common.nav.homeLabel')}
          className="-m-1 rounded-lg p-1"
        >
          <Logo />
        </RouteLink>
        <LanguageDropdown />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="relative flex flex-1 items-start justify-center px-4 py-8 focus:outline-none sm:items-center sm:py-12"
      >
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-10">
          {children}
        </div>
      </main>
      <footer className="relative flex flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-6 text-xs text-slate-500">
        <span>{t('common.footer.copyright', { year })}</span>
        <RouteLink route="terms-of-use" className="hover:text-slate-800">
          {t('common.routes.terms-of-use')}
        </RouteLink>
        <RouteLink route="privacy-policy" className="hover:text-slate-800">
          {t('common.routes.privacy-policy')}
        </RouteLink>
      </footer>
    </div>
  )
}
