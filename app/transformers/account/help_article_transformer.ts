import { BaseTransformer } from '@adonisjs/core/transformers'
import type Post from '#models/post'

/**
 * A help article of the help centre (a tutorial or an FAQ) with the address of its page.
 * The page's type is generated from this class (`Data.Account.HelpArticle`).
 */
export default class HelpArticleTransformer extends BaseTransformer<{ post: Post; href: string }> {
  toObject() {
    const { post, href } = this.resource
    return {
      id: post.id,
      name: post.name,
      summary: post.summary,
      category: post.category,
      href,
    }
  }
}

export function helpArticleForList(post: Post, href: string) {
  return new HelpArticleTransformer({ post, href }).toObject()
}
