import Post, { type PostCategory } from '#models/post'

/** The help centre's articles (tutorials, then FAQs) in a language, matching `q` when given. */
export function helpArticles(locale: string, q?: string) {
  const query = Post.query()
    .select('id', 'slug', 'name', 'summary', 'category')
    .where('language', locale)
    .whereIn('category', ['tutorial', 'faq'])
    .orderBy('category', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .limit(50)
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query.where((inner) => {
      inner
        .whereILike('name', like)
        .orWhereILike('summary', like)
        .orWhereILike('body_markdown', like)
    })
  }
  return query
}

/** A post of that slug in another language than `locale` (of the categories, when given). */
export function postWithSlugInOtherLanguage(
  slug: string,
  locale: string,
  categories: PostCategory[] | undefined
) {
  return Post.query()
    .select('key', 'category')
    .where('slug', slug)
    .whereNot('language', locale)
    .if(categories, (query) => query.whereIn('category', categories!))
    .first()
}
