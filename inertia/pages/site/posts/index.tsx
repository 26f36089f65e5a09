import { Container } from '~/components/container'
import { EmptyPosts } from '~/components/site/empty_posts'
import { PageHero } from '~/components/site/page_hero'
import { PostCard } from '~/components/site/post_card'
import { Seo } from '~/components/site/seo'
import type { PostList } from '#shared/site_pages'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = { list: PostList; posts: Data.Site.Post[] }

/** The posts of a category: features, products, fleet solutions, tutorials, blog, articles. */
export default function PostIndex({ list, posts }: Props) {
  const { t } = useI18n()
  const covers = list === 'blog' || list === 'features'
  return (
    <>
      <Seo />
      <PageHero
        eyebrow={t(`site.lists.${list}.eyebrow`)}
        title={t(`site.lists.${list}.title`)}
        lead={t(`site.lists.${list}.lead`)}
      />
      <Container className="py-14 sm:py-20">
        {posts.length === 0 ? (
          <EmptyPosts />
        ) : (
          <div
            className={`grid gap-6 sm:grid-cols-2 ${list === 'tutorials' || list === 'blog' ? 'lg:grid-cols-2 xl:grid-cols-3' : 'lg:grid-cols-3'}`}
            data-testid="post-list"
          >
            {posts.map((post) => (
              <PostCard
                key={post.key}
                post={post}
                variant={covers ? 'cover' : 'icon'}
                headingLevel="h2"
              />
            ))}
          </div>
        )}
      </Container>
    </>
  )
}
