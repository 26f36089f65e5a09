import { Link, usePage } from '@inertiajs/react'
import type { RouteName } from '#shared/route_table'
import { Logo } from '~/components/logo'
import { socialLinks } from '~/components/social_icons'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'

export interface FooterPost {
  slug: string
  name: string
}

/** Footer posts by category, in the page's language (spec §7), when the server provides them. */
export interface FooterPosts {
  why: FooterPost[]
  company: FooterPost[]
  legal: FooterPost[]
}

type FooterLink = { key: string; label: string; href: string }

const fallbackRoutes: Record<keyof FooterPosts, RouteName[]> = {
  company: ['about-us', 'contact', 'support', 'dealership-program'],
  why: ['fleet', 'pricing', 'offer'],
  legal: ['terms-of-use', 'privacy-policy', 'cookie-policy'],
}

const learnRoutes: RouteName[] = ['features', 'products', 'tutorials', 'blog', 'faqs']

function FooterColumn({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.key}>
            <Link
              href={link.href}
              className="text-sm text-slate-400 transition-colors hover:text-white"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function Footer() {
  const { t } = useI18n()
  const path = useRoute()
  const footerPosts = usePage<SharedProps & { footerPosts?: Partial<FooterPosts> }>().props
    .footerPosts
  const year = new Date().getFullYear()

  const column = (category: keyof FooterPosts): FooterLink[] => {
    const posts = footerPosts?.[category]
    if (posts && posts.length > 0) {
      return posts.map((post) => ({
        key: `post-${post.slug}`,
        label: post.name,
        href: path('post.show', { slug: post.slug }),
      }))
    }
    return fallbackRoutes[category].map((name) => ({
      key: name,
      label: t(`common.routes.${name}`),
      href: path(name),
    }))
  }

  const learn: FooterLink[] = learnRoutes.map((name) => ({
    key: name,
    label: t(`common.routes.${name}`),
    href: path(name),
  }))

  return (
    <footer className="bg-slate-950 text-slate-300" data-testid="site-footer">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,3.7fr)]">
          <div className="max-w-xs space-y-4">
            <RouteLink route="home" aria-label={t('common.nav.homeLabel')} className="inline-flex">
              <Logo tone="light" />
            </RouteLink>
            <p className="text-sm/6 text-slate-400">{t('common.footer.description')}</p>
          </div>
          <div className="grid grid-cols-2 gap-10 sm:grid-cols-3 lg:grid-cols-5">
            <FooterColumn
              id="footer-company"
              title={t('common.footer.company')}
              links={column('company')}
            />
            <FooterColumn id="footer-learn" title={t('common.footer.learn')} links={learn} />
            <FooterColumn id="footer-why" title={t('common.footer.why')} links={column('why')} />
            <FooterColumn
              id="footer-legal"
              title={t('common.footer.legal')}
              links={column('legal')}
            />
            <div>
              <h2 id="footer-follow" className="text-sm font-semibold text-white">
                {t('common.footer.follow')}
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2" aria-labelledby="footer-follow">
                {socialLinks.map(({ key, href, icon: Icon }) => (
                  <li key={key}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('common.footer.socialLabel', {
                        network: t(`common.footer.social.${key}`),
                      })}
                      className="inline-flex size-10 items-center justify-center rounded-lg bg-white/5 text-slate-300 ring-1 ring-white/10 transition-colors hover:bg-brand-600 hover:text-white hover:ring-brand-500"
                    >
                      <Icon className="size-5" />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('common.footer.copyright', { year })}</p>
          <p>{t('common.footer.madeFor')}</p>
        </div>
      </div>
    </footer>
  )
}
