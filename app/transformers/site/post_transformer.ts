import { BaseTransformer } from '@adonisjs/core/transformers'
import type Post from '#models/post'
import { showRouteOf } from '#services/site/post_queries'
import { pathFor } from '#shared/route_table'

/**
 * A post as the public site's pages receive it. The page types are generated from
 * this class (`Data.Site.Post` in .adonisjs/client/data.d.ts): change a field here and
 * the pages that read it fail the type-check.
 */
export default class PostTransformer extends BaseTransformer<Post> {
  /** A post in a list: no body; `href` is its page in the post's language. */
  toObject() {
    const post = this.resource
    return {
      key: post.key,
      slug: post.slug,
      name: post.name,
      category: post.category,
      summary: post.summary,
      coverImage: post.coverImage,
      comingSoon: post.comingSoon,
      publishedAt: post.publishedAt?.toISODate() ?? null,
      href: pathFor(showRouteOf(post.category), post.language, { slug: post.slug }),
    }
  }

  /** The post's own page: the card and its body. */
  forShow() {
    return { ...this.toObject(), bodyHtml: this.resource.bodyHtml }
  }

  /** A question of the FAQ: the post's name asks, its body answers. */
  forFaq() {
    const post = this.resource
    return { key: post.key, slug: post.slug, question: post.name, answerHtml: post.bodyHtml }
  }
}

export type PostCard = ReturnType<PostTransformer['toObject']>
export type PostPage = ReturnType<PostTransformer['forShow']>
export type FaqItem = ReturnType<PostTransformer['forFaq']>

export function postForList(post: Post): PostCard {
  return new PostTransformer(post).toObject()
}

export function postForShow(post: Post): PostPage {
  return new PostTransformer(post).forShow()
}

export function postForFaq(post: Post): FaqItem {
  return new PostTransformer(post).forFaq()
}
