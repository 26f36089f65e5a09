import type Post from '#models/post'
import { showRouteOf } from '#services/site/post_queries'
import { pathFor } from '#shared/route_table'

export type PostCard = {
  key: string
  slug: string
  name: string
  category: string
  summary: string | null
  coverImage: string | null
  comingSoon: boolean
  publishedAt: string | null
  href: string
}

export type PostPage = PostCard & {
  bodyHtml: string
}

export type FaqItem = {
  key: string
  slug: string
  question: string
  answerHtml: string
}

/** A post in a list: no body; `href` is its page in the post's language. */
export function postForList(post: Post): PostCard {
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

export function postForShow(post: Post): PostPage {
  return { ...postForList(post), bodyHtml: post.bodyHtml }
}

export function postForFaq(post: Post): FaqItem {
  return { key: post.key, slug: post.slug, question: post.name, answerHtml: post.bodyHtml }
}
