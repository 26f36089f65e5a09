import type { Data } from '~generated/data'
import type { QuoteOffice } from '#shared/quote_document'

/** Props the public site's pages receive from app/controllers/site (see the transformers). */

/** A post in a list, as app/transformers/site/post_transformer.ts makes it (generated type). */
export type PostCard = Data.Site.Post

/** A post's own page: the card and its body. */
export type PostPage = Data.Site.Post.Variants['forShow']

/** A question of the FAQ. */
export type FaqItem = Data.Site.Post.Variants['forFaq']

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

export type PricingSummary = {
  monthlyFee: string
  firstMonthFee: string
  firstMonthDiscountPercent: number
}

export type FormProps = {
  sent: 'contact' | 'demo' | null
  subjects: string[]
  honeypot: string
}

/** One of the company's offices (the same shape as on the quote). */
export type Office = QuoteOffice
