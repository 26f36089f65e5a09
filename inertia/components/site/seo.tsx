import { Head, usePage } from '@inertiajs/react'
import type { Seo as SeoProps } from '#shared/site_seo'

/**
 * The page's title, description and Open Graph tags (props.seo, built by the server for
 * every public page). The layout's title template adds " · FleetTrack".
 */
export function Seo() {
  const seo = usePage().props.seo as SeoProps | undefined
  if (!seo) return null
  return (
    <Head title={seo.title}>
      <meta name="description" content={seo.description} />
      {seo.noindex && <meta name="robots" content="noindex, nofollow" />}
      <meta property="og:title" content={seo.fullTitle} />
      <meta property="og:description" content={seo.description} />
      <meta property="og:type" content={seo.type} />
      <meta property="og:site_name" content="FleetTrack" />
      {seo.url && <meta property="og:url" content={seo.url} />}
      {seo.image && <meta property="og:image" content={seo.image} />}
      <meta property="og:locale" content={seo.locale} />
      {seo.alternateLocales.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      <meta name="twitter:card" content={seo.image ? 'summary_large_image' : 'summary'} />
    </Head>
  )
}
