import { clsx } from 'clsx'
import { ArrowRight } from 'lucide-react'
import { Link } from '@inertiajs/react'
import { PostIcon } from '~/components/site/post_icons'
import type { PostCard as PostCardData } from '~/components/site/types'
import { useI18n } from '~/lib/i18n'

export function ComingSoonBadge({ className }: { className?: string }) {
  const { t } = useI18n()
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-600/25',
        className
      )}
      data-testid="coming-soon"
    >
      {t('site.common.comingSoon')}
    </span>
  )
}

export function formatDate(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso))
}

/** A post in a grid: icon or cover, name, summary and a link to it. */
export function PostCard({
  post,
  variant = 'icon',
  headingLevel = 'h3',
}: {
  post: PostCardData
  variant?: 'icon' | 'cover'
  headingLevel?: 'h2' | 'h3'
}) {
  const { t, locale } = useI18n()
  const Heading = headingLevel
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md">
      {variant === 'cover' && post.coverImage && (
        <div className="aspect-[40/21] overflow-hidden bg-brand-50">
          <img
            src={post.coverImage}
            alt=""
            width={1200}
            height={630}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        </div>
      )}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center justify-between gap-3">
          {variant === 'icon' || !post.coverImage ? (
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-600/10">
              <PostIcon postKey={post.key} category={post.category} className="size-5" />
            </span>
          ) : post.publishedAt ? (
            <time dateTime={post.publishedAt} className="text-sm text-slate-500">
              {formatDate(post.publishedAt, locale)}
            </time>
          ) : (
            <span />
          )}
          {post.comingSoon && <ComingSoonBadge />}
        </div>
        <Heading className="mt-4 text-lg font-semibold text-slate-900">
          <Link href={post.href} className="focus:outline-none">
            <span className="absolute inset-0" aria-hidden="true" />
            {post.name}
          </Link>
        </Heading>
        {post.summary && <p className="mt-2 flex-1 text-sm/6 text-slate-600">{post.summary}</p>}
        <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          {t('site.common.readMore')}
          <ArrowRight
            className="size-4 transition group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </span>
      </div>
    </article>
  )
}
