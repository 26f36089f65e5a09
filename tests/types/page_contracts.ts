/**
 * The page contracts, checked by `npm run typecheck` (this file is compiled, never run).
 *
 * A page's props are the types the build generates from the transformer that makes them
 * (`node ace codegen` -> .adonisjs/client/data.d.ts), and `inertia.render` checks what a
 * controller passes against the page's props (.adonisjs/server/pages.d.ts). So a field
 * renamed or retyped in a transformer fails the type-check of every page that reads it and
 * of every render that passes it; docs/page_contracts.md records the experiment.
 */
import type { InertiaPages, SharedProps } from '@adonisjs/inertia/types'
import type { Data } from '~generated/data'
import type PostTransformer from '#transformers/site/post_transformer'
import type InertiaMiddleware from '#middleware/inertia_middleware'
import type { GeofenceShapeForPage } from '#transformers/alerts/geofence_transformer'
import type PricingTransformer from '#transformers/site/pricing_transformer'
import type { QuoteDocument } from '#shared/quote_document'
import type { ProductKey } from '#shared/quote_pricing'
import type { TranslationStatus } from '#shared/translation_statuses'
import type { CompanyPage, PostList } from '#shared/site_pages'
import type SupportedDeviceTransformer from '#transformers/site/supported_device_transformer'
import type { DeviceCheckResult } from '#services/site/device_check'
import type { CommandProtocol, TrackerProtocol } from '#shared/fleet_enums'
import type { SavingsForm } from '#shared/savings'

/** True when A and B are assignable both ways (the same shape). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
function expectTrue<T extends true>(): T | void {}

// The generated type is the transformer's output, field for field.
expectTrue<Same<Data.Site.Post, ReturnType<PostTransformer['toObject']>>>()
expectTrue<Same<Data.Site.Post.Variants['forShow'], ReturnType<PostTransformer['forShow']>>>()

// The pages receive exactly those types: no hand-written copy in between.
expectTrue<Same<InertiaPages['site/posts/show']['post'], Data.Site.Post.Variants['forShow']>>()
expectTrue<Same<InertiaPages['site/posts/show']['related'], Data.Site.Post[]>>()
expectTrue<Same<InertiaPages['site/posts/index']['posts'], Data.Site.Post[]>>()
expectTrue<Same<InertiaPages['site/faqs']['faqs'], Data.Site.Post.Variants['forFaq'][]>>()

expectTrue<Same<InertiaPages['crud/resource_index']['resource'], Data.Crud.Resource>>()
expectTrue<Same<InertiaPages['site/inquiries']['contactMessages'], Data.Site.ContactMessage[]>>()
expectTrue<Same<InertiaPages['site/inquiries']['demoRequests'], Data.Site.DemoRequest[]>>()

expectTrue<Same<InertiaPages['assets/show']['maintenance'], Data.Fleet.Maintenance[]>>()

expectTrue<Same<InertiaPages['assets/show']['fuelLog'], Data.Fuel.FuelLog>>()

expectTrue<
  Same<InertiaPages['account/subscriptions']['subscriptions'], Data.Account.Subscription[]>
>()
expectTrue<Same<InertiaPages['account/overview']['nextExpiries'], Data.Account.Subscription[]>>()
expectTrue<Same<InertiaPages['account/invoices']['invoices'], Data.Account.Invoice[]>>()
expectTrue<Same<InertiaPages['account/subscriptions']['review'], Data.Account.OrderReview>>()
expectTrue<Same<InertiaPages['account/product_ordering']['review'], Data.Account.OrderReview>>()

expectTrue<Same<InertiaPages['settings/integrations']['tokens'], Data.Settings.ApiToken[]>>()
expectTrue<Same<InertiaPages['settings/integrations']['webhooks'], Data.Settings.Webhook[]>>()

expectTrue<Same<InertiaPages['settings/commands']['log'], Data.Settings.Command[]>>()
expectTrue<Same<InertiaPages['settings/commands']['templates'], Data.Settings.CommandTemplate[]>>()

expectTrue<
  Same<InertiaPages['alerts/notification_settings']['rules'], Data.Alerts.NotificationSetting[]>
>()
expectTrue<Same<InertiaPages['alerts/push_settings']['rules'], Data.Alerts.PushSetting[]>>()

expectTrue<Same<InertiaPages['backend/dashboard']['recentAlarms'], Data.Live.Alarm[] | undefined>>()
expectTrue<
  Same<InertiaPages['backend/dashboard']['expiringLicences'], Data.Live.Licence[] | undefined>
>()

expectTrue<Same<InertiaPages['alerts/geofences']['zones'], Data.Alerts.Geofence[]>>()
// A corner stays a [lat, lon] pair in the generated type (app/shared/lat_lon.ts).
expectTrue<Same<Data.Alerts.Geofence.Variants['forMap']['shape'], GeofenceShapeForPage>>()

expectTrue<Same<InertiaPages['reports/index']['schedules'], Data.Reports.ScheduledReport[]>>()
expectTrue<Same<InertiaPages['reports/show']['schedules'], Data.Reports.ScheduledReport[]>>()

expectTrue<Same<InertiaPages['settings/buildings']['buildings'], Data.Settings.Building[]>>()

// The public site's pages (app/transformers/site).
expectTrue<Same<Data.Site.Pricing, ReturnType<PricingTransformer['toObject']>>>()
expectTrue<Same<InertiaPages['site/home']['pricing'], Data.Site.Pricing>>()
expectTrue<Same<InertiaPages['site/pricing']['pricing'], Data.Site.Pricing>>()
expectTrue<Same<InertiaPages['site/home']['features'], Data.Site.Post[]>>()
expectTrue<Same<InertiaPages['site/page']['post'], Data.Site.Post.Variants['forShow'] | null>>()
expectTrue<Same<InertiaPages['site/page']['contactForm'], Data.Site.InquiryForm | null>>()
expectTrue<Same<InertiaPages['site/contact']['honeypot'], Data.Site.InquiryForm['honeypot']>>()
expectTrue<Same<InertiaPages['site/contact']['offices'], Data.Site.Office[]>>()
// The quote page shows what the PDF prints: the one QuoteDocument.
expectTrue<Same<Data.Site.Quote, QuoteDocument>>()
expectTrue<Same<InertiaPages['site/quote']['quote'], Data.Site.Quote>>()
expectTrue<Same<InertiaPages['site/offer'], Data.Site.Offer>>()
expectTrue<Same<Data.Site.Offer['catalogue'][number]['key'], ProductKey>>()
expectTrue<Same<InertiaPages['site/translator'], Data.Site.TranslationCoverage>>()
expectTrue<Same<Data.Site.TranslationCoverage['rows'][number]['status'], TranslationStatus>>()
expectTrue<Same<InertiaPages['site/posts/index']['list'], PostList>>()
expectTrue<Same<InertiaPages['site/page']['page'], CompanyPage>>()

// The device-test tools (app/transformers/site).
expectTrue<Same<Data.Site.SupportedDevice, ReturnType<SupportedDeviceTransformer['toObject']>>>()
expectTrue<Same<Data.Site.SupportedDevice['protocol'], TrackerProtocol>>()
expectTrue<Same<InertiaPages['site/test/device_lists']['devices'], Data.Site.SupportedDevice[]>>()
expectTrue<Same<InertiaPages['site/test/device_lists']['families'], Data.Site.ProtocolFamily[]>>()
expectTrue<Same<InertiaPages['site/test/device_profile']['devices'], Data.Site.SupportedDevice[]>>()
expectTrue<
  Same<InertiaPages['site/test/device_profile']['profile'], Data.Site.DeviceProfile | null>
>()
expectTrue<Same<Data.Site.DeviceProfile['device'], Data.Site.SupportedDevice>>()
expectTrue<
  Same<InertiaPages['site/test/command_builder']['result'], Data.Site.BuiltCommand | null>
>()
expectTrue<Same<Data.Site.BuiltCommand['protocol'], CommandProtocol>>()
// The device check's three answers stay a union the page narrows by `status`.
expectTrue<Same<Data.Site.DeviceCheck['result'], DeviceCheckResult | null>>()
expectTrue<Same<InertiaPages['site/test/check'], Data.Site.DeviceCheck>>()
expectTrue<Same<InertiaPages['site/test/cost'], Data.Site.SavingsCalculator>>()
expectTrue<Same<Data.Site.SavingsCalculator['form'], SavingsForm>>()

// The error pages (app/transformers/errors).
expectTrue<Same<InertiaPages['errors/not_found'], Data.Errors.ErrorPage>>()
expectTrue<Same<InertiaPages['errors/server_error'], Data.Errors.ErrorPage>>()

// A page that reads a field its transformer does not make fails.
// @ts-expect-error the post transformer has no `body` (it is `bodyHtml`)
export type NoSuchField = InertiaPages['site/posts/show']['post']['body']

// The props every page receives are the middleware's share(), on the server and the client.
expectTrue<Same<Data.SharedProps['can'], Awaited<ReturnType<InertiaMiddleware['share']>>['can']>>()
expectTrue<Same<SharedProps['user'], Data.SharedProps['user']>>()
