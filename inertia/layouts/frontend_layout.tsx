import type { ReactNode } from 'react'
import { CookieConsent } from '~/components/cookie_consent'
import { CtaBlock } from '~/components/cta_block'
import { Footer } from '~/components/footer'
import { Header } from '~/components/header'
import { SkipLink } from '~/components/skip_link'

/** The public site: header, the page, the call to action and the footer. */
export default function FrontendLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <CtaBlock />
      <Footer />
      <CookieConsent />
    </div>
  )
}
