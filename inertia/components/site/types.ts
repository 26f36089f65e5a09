/** Props the public site's pages receive from app/controllers/site (see the transformers). */

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

export type PostPage = PostCard & { bodyHtml: string }

export type FaqItem = { key: string; slug: string; question: string; answerHtml: string }

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

export type Office = {
  code: 'ee' | 'tr'
  country: string
  legalName: string
  addressLines: string[]
  registryCode: string
  taxId: string
  email: string
  phone: string
}
