import type { Data } from '~generated/data'

/**
 * Names for the generated types (app/transformers/site) the public site's components
 * share; none of them is written here a second time.
 */

/** A post in a list, as app/transformers/site/post_transformer.ts makes it. */
export type PostCard = Data.Site.Post

/** A post's own page: the card and its body. */
export type PostPage = Data.Site.Post.Variants['forShow']

/** A question of the FAQ. */
export type FaqItem = Data.Site.Post.Variants['forFaq']

/** The Premium plan's price card (pricing_transformer.ts). */
export type PricingSummary = Data.Site.Pricing

/** The contact and demo forms' props (inquiry_form_transformer.ts). */
export type FormProps = Data.Site.InquiryForm

/** One of the company's offices, as on the quote (office_transformer.ts). */
export type Office = Data.Site.Office
