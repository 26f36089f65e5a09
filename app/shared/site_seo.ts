/**
 * The SEO head every public page carries (props.seo): built by the server
 * (`app/services/site/site_page.ts` `buildSeo`), read by the page's `<Seo />`.
 */
export type Seo = {
  title: string
  fullTitle: string
  description: string
  type: 'website' | 'article'
  url: string | null
  image: string | null
  locale: string
  alternateLocales: string[]
  noindex: boolean
}
