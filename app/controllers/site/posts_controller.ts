import type { HttpContext } from '@adonisjs/core/http'
import type { PostCategory } from '#models/post'
import { postTitle, renderSitePage } from '#services/site/site_page'
import {
  categoriesOfShowRoute,
  postBySlug,
  postsOf,
  showRouteOf,
  slugsOfKey,
} from '#services/site/post_queries'
import { postForList, postForShow } from '#transformers/site/post_transformer'
import { metaOf } from '#services/site/page_meta'
import { locales, type Locale } from '#shared/locales'
import { pathFor, type RouteName } from '#shared/route_table'
import { postWithSlugInOtherLanguage } from '#queries/site/posts'
import type { PostList } from '#shared/site_pages'

type ShowRoute = 'features.show' | 'products.show' | 'fleet.show' | 'blog.show' | 'post.show'

const categoriesOfList: Record<PostList, PostCategory[]> = {
  features: ['feature'],
  products: ['product'],
  fleet: ['fleet'],
  tutorials: ['tutorial'],
  blog: ['blog'],
  post: ['why', 'company'],
}

async function notFound(): Promise<never> {
  const { errors } = await import('@adonisjs/lucid')
  throw new errors.E_ROW_NOT_FOUND()
}

/** The lists of posts by category and the page of one post, by its slug in the page's language. */
export default class PostsController {
  features = (ctx: HttpContext) => this.list(ctx, 'features')
  products = (ctx: HttpContext) => this.list(ctx, 'products')
  fleet = (ctx: HttpContext) => this.list(ctx, 'fleet')
  tutorials = (ctx: HttpContext) => this.list(ctx, 'tutorials')
  blog = (ctx: HttpContext) => this.list(ctx, 'blog')
  index = (ctx: HttpContext) => this.list(ctx, 'post')

  showFeature = (ctx: HttpContext) => this.show(ctx, 'features.show')
  showProduct = (ctx: HttpContext) => this.show(ctx, 'products.show')
  showFleet = (ctx: HttpContext) => this.show(ctx, 'fleet.show')
  showBlog = (ctx: HttpContext) => this.show(ctx, 'blog.show')
  showPost = (ctx: HttpContext) => this.show(ctx, 'post.show')

  private async list(ctx: HttpContext, name: PostList) {
    const posts = await postsOf(ctx.locale, categoriesOfList[name])
    return renderSitePage(
      ctx,
      'site/posts/index',
      { list: name, posts: posts.map(postForList) },
      { seo: metaOf(ctx, name) }
    )
  }

  /**
   * The post whose slug matches in the page's language. A slug of the same post in another
   * language redirects to this language's slug; anything else is a 404. The language switch
   * and hreflang links point at the post's page in each language.
   */
  private async show(ctx: HttpContext, name: ShowRoute) {
    const slug = String(ctx.params.slug ?? '')
    const categories = categoriesOfShowRoute[name as RouteName]
    const post = await postBySlug(ctx.locale, slug, categories)
    if (!post) return this.redirectToTranslation(ctx, name, slug, categories)

    const slugs = await slugsOfKey(post.key)
    const canonicalRoute = showRouteOf(post.category)
    const alternates: Partial<Record<Locale, string>> = {}
    for (const { code } of locales) {
      if (slugs[code]) alternates[code] = pathFor(canonicalRoute, code, { slug: slugs[code] })
    }
    const related = await postsOf(ctx.locale, [post.category]).whereNot('key', post.key).limit(3)

    return renderSitePage(
      ctx,
      'site/posts/show',
      { post: postForShow(post), related: related.map(postForList) },
      {
        seo: {
          title: postTitle(post.seoTitle, post.name),
          ogTitle: post.seoTitle ?? undefined,
          description: post.seoDescription ?? post.summary ?? '',
          type: 'article',
          image: post.coverImage,
        },
        alternates,
      }
    )
  }

  private async redirectToTranslation(
    ctx: HttpContext,
    name: ShowRoute,
    slug: string,
    categories: PostCategory[] | undefined
  ) {
    const other = await postWithSlugInOtherLanguage(slug, ctx.locale, categories)
    const translation = other ? await slugsOfKey(other.key) : {}
    const target = translation[ctx.locale]
    if (!target) return notFound()
    return ctx.response
      .redirect()
      .status(301)
      .toPath(pathFor(name, ctx.locale, { slug: target }))
  }
}
