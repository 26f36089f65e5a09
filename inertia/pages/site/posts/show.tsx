import { ArrowRight, CalendarDays } from 'lucide-react'
import { Container } from '~/components/container'
import { PageHero } from '~/components/site/page_hero'
import { ComingSoonBadge, PostCard, formatDate } from '~/components/site/post_card'
import { Prose } from '~/components/site/prose'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = { post: Data.Site.Post.Variants['forShow']; related: Data.Site.Post[] }

/** One post: its cover, body and a few others of the same category. */
export default function PostShow({ post, related }: Props) {
  const { t, locale } = useI18n()
  return (
    <>
      <Seo />
      <PageHero title={post.name} lead={post.summary} crumb={post.name}>
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-500">
          {post.comingSoon && <ComingSoonBadge />}
          {post.publishedAt && (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale)}</time>
            </span>
          )}
        </div>
      </PageHero>
      <Container className="py-12 sm:py-16">
        <article className="mx-auto max-w-3xl" data-testid="post-body">
          {post.coverImage && (
            <img
              src={post.coverImage}
              alt=""
              width={1200}
              height={630}
              className="mb-10 aspect-[40/21] w-full rounded-2xl border border-slate-200 object-cover"
              fetchPriority="high"
            />
          )}
          <Prose html={post.bodyHtml} />
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-brand-900">{t('site.posts.cta')}</p>
            <Button asChild>
              <RouteLink route="offer">
                {t('site.posts.ctaButton')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </RouteLink>
            </Button>
          </div>
        </article>
      </Container>
      {related.length > 0 && (
        <section
          aria-labelledby="related-title"
          className="border-t border-slate-100 bg-slate-50/60 py-14"
        >
          <Container>
            <h2 id="related-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              {t('site.posts.related')}
            </h2>
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <PostCard key={item.key} post={item} />
              ))}
            </div>
          </Container>
        </section>
      )}
    </>
  )
}
