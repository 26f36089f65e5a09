/**
 * The public site's page vocabularies, for the controllers that choose them and the pages
 * that show them (their titles and leads are keyed by these names).
 */

/** The lists of posts (site/posts/index): one category, or several for `post`. */
export const postLists = ['features', 'products', 'fleet', 'tutorials', 'blog', 'post'] as const
export type PostList = (typeof postLists)[number]

/** The pages whose text is a company or legal post of the same key (site/page). */
export const companyPages = [
  'support',
  'about-us',
  'dealership-program',
  'terms-of-use',
  'cookie-policy',
  'privacy-policy',
] as const
export type CompanyPage = (typeof companyPages)[number]
