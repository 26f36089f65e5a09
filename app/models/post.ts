import { PostSchema } from '#database/schema'
import type { Locale } from '#shared/locales'

export const postCategories = [
  'feature',
  'product',
  'fleet',
  'faq',
  'tutorial',
  'blog',
  'why',
  'company',
  'legal',
] as const
export type PostCategory = (typeof postCategories)[number]

/** A page of the public site's content, in one language (content/posts, `posts:import`). */
export default class Post extends PostSchema {
  declare language: Locale
  declare category: PostCategory
}
