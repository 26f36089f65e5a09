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
import type { TeamRole } from '#shared/team_roles'
import type { RenewalKind, RenewalStatus } from '#shared/renewals'
import type ReportResultTransformer from '#transformers/reports/report_result_transformer'
import type { LatLon } from '#shared/lat_lon'
import type { DataQuality, DataQualityFilters, OdometerCorrectionRow } from '#shared/data_quality'
import type { LiveStatus, MapVehicleTuple, TrackPoint } from '#shared/live_tuples'
import type PricingTransformer from '#transformers/site/pricing_transformer'
import type { QuoteDocument } from '#shared/quote_document'
import type { ProductKey } from '#shared/quote_pricing'
import type { TranslationStatus } from '#shared/translation_statuses'
import type { CompanyPage, PostList } from '#shared/site_pages'
import type SupportedDeviceTransformer from '#transformers/site/supported_device_transformer'
import type { DeviceCheckResult } from '#services/site/device_check'
import type {
  CommandAction,
  CommandProtocol,
  CommandStatus,
  TrackerProtocol,
} from '#shared/fleet_enums'
import type { SavingsForm } from '#shared/savings'
import type { AlarmState } from '#shared/alarm_code_list'
import type { DistanceSource } from '#queries/fleet/distance_source'
import type VehicleTripTransformer from '#transformers/live/vehicle_trip_transformer'
import type VehicleStopTransformer from '#transformers/live/vehicle_stop_transformer'

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

// The live map's vehicles stay tuples, field for field (app/shared/live_tuples.ts), not
// `(string | number | boolean | null)[]`; so do the history page's track points.
expectTrue<Same<Data.Live.MapVehicle['vehicles'][number], MapVehicleTuple>>()
expectTrue<Same<Data.Live.MapVehicle['vehicles'][number][10], LiveStatus>>()
expectTrue<Same<InertiaPages['history/index']['history'], Data.Live.History | null>>()
expectTrue<Same<Data.Live.History['points'][number], TrackPoint>>()
// A trip of the history carries its places by name (merged in by the transformer).
expectTrue<Same<Data.Live.History['trips'][number]['startPlace'], string | null>>()

// The vehicle page's cards of the vehicle and its state are the transformer's variants; the
// driver's personal fields stay optional (absent without the viewPersonalData ability).
expectTrue<Same<InertiaPages['assets/show']['vehicle'], Data.Live.VehicleDetail>>()
expectTrue<
  Same<InertiaPages['assets/show']['technical'], Data.Live.VehicleDetail.Variants['forTechnical']>
>()
expectTrue<
  Same<InertiaPages['assets/show']['driver'], Data.Live.VehicleDetail.Variants['forDriver'] | null>
>()
expectTrue<
  Same<Data.Live.VehicleDetail.Variants['forDriver']['phone'], string | null | undefined>
>()
expectTrue<Same<Data.Live.VehicleDetail.Variants['forLive']['status'], LiveStatus>>()
// Its lists and its connection, odometer and data-quality cards: a transformer each, the
// places by name and the playback links merged in by the transformers, not after them.
expectTrue<Same<InertiaPages['assets/show']['trips'], Data.Live.VehicleTrip[]>>()
expectTrue<Same<InertiaPages['assets/show']['stops'], Data.Live.VehicleStop[]>>()
expectTrue<Same<InertiaPages['assets/show']['recentAlarms'], Data.Live.VehicleAlarm[]>>()
expectTrue<Same<InertiaPages['assets/show']['monthlyAlarms'], Data.Live.MonthlyAlarms>>()
expectTrue<Same<InertiaPages['assets/show']['commands'], Data.Live.VehicleCommand[]>>()
expectTrue<Same<InertiaPages['assets/show']['commandTemplates'], Data.Settings.CommandTemplate[]>>()
expectTrue<Same<InertiaPages['assets/show']['connection'], Data.Live.VehicleConnection>>()
expectTrue<Same<InertiaPages['assets/show']['odometer'], Data.Fleet.VehicleOdometer>>()
expectTrue<Same<InertiaPages['assets/show']['dataQuality'], Data.Fleet.VehicleDataQuality>>()
expectTrue<Same<Data.Live.VehicleTrip, ReturnType<VehicleTripTransformer['toObject']>>>()
expectTrue<Same<Data.Live.VehicleStop, ReturnType<VehicleStopTransformer['toObject']>>>()
expectTrue<Same<Data.Live.VehicleTrip['startPlace'], string | null>>()
expectTrue<Same<Data.Live.VehicleTrip['endPlace'], string | null>>()
expectTrue<Same<Data.Live.VehicleTrip['playback'], string | null>>()
expectTrue<Same<Data.Live.VehicleStop['place'], string | null>>()
expectTrue<Same<Data.Live.VehicleStop['playback'], string | null>>()
expectTrue<Same<Data.Live.VehicleAlarm['place'], string | null>>()
expectTrue<Same<Data.Live.VehicleAlarm['playback'], string | null>>()
expectTrue<Same<Data.Live.MonthlyAlarms['codes'][number]['last'], string>>()
// Their vocabularies are app/shared's (and the queries' own types).
expectTrue<Same<Data.Live.VehicleCommand['kind'], CommandAction>>()
expectTrue<Same<Data.Live.VehicleCommand['status'], CommandStatus>>()
expectTrue<Same<Data.Live.VehicleAlarm['state'], AlarmState | null>>()
expectTrue<Same<Data.Live.VehicleConnection['protocol'], TrackerProtocol>>()
expectTrue<Same<Data.Fleet.VehicleOdometer['source'], DistanceSource>>()
expectTrue<Same<Data.Fleet.VehicleOdometer['corrections'], OdometerCorrectionRow[]>>()
expectTrue<Same<Data.Fleet.VehicleDataQuality, DataQuality>>()
// @ts-expect-error a trip is named by its two ends (`startPlace`, `endPlace`), not `place`
export type NoTripPlace = InertiaPages['assets/show']['trips'][number]['place']

expectTrue<Same<InertiaPages['alerts/geofences']['zones'], Data.Alerts.Geofence[]>>()
// A corner stays a [lat, lon] pair in the generated type (app/shared/lat_lon.ts).
expectTrue<Same<Data.Alerts.Geofence.Variants['forMap']['shape'], GeofenceShapeForPage>>()

expectTrue<Same<InertiaPages['reports/index']['schedules'], Data.Reports.ScheduledReport[]>>()
expectTrue<Same<InertiaPages['reports/show']['schedules'], Data.Reports.ScheduledReport[]>>()

// The report page's meta, result, pickers and the index's groups are the report transformers'.
expectTrue<Same<InertiaPages['reports/show']['report'], Data.Reports.Report>>()
expectTrue<Same<InertiaPages['reports/show']['result'], Data.Reports.ReportResult | null>>()
expectTrue<Same<InertiaPages['reports/show']['options'], Data.Reports.ReportOptions>>()
expectTrue<Same<InertiaPages['reports/index']['groups'], Data.Reports.ReportGroup[]>>()
expectTrue<
  Same<
    Data.Reports.ReportResult['period'],
    ReturnType<ReportResultTransformer['toObject']>['period']
  >
>()
// A row of the result keeps the grid's row id beside the report's own columns.
expectTrue<Same<Data.Reports.ReportResult['page']['data'][number]['id'], number>>()
// The map's trip paths stay [lat, lon] pairs (app/shared/lat_lon.ts).
expectTrue<Same<Data.Reports.ReportMap['trips'][number]['path'], LatLon[]>>()

expectTrue<Same<InertiaPages['settings/buildings']['buildings'], Data.Settings.Building[]>>()

// The fleet statistics and the two phone forms (inspection, vehicle check).
expectTrue<Same<InertiaPages['fleet/stats'], Data.Fleet.FleetStats>>()
expectTrue<Same<InertiaPages['fleet/inspection_form'], Data.Fleet.InspectionForm>>()
expectTrue<Same<InertiaPages['fleet/vehicle_check_form'], Data.Fleet.VehicleCheckForm>>()
// Settings forms and the commands page's vehicles and groups.
expectTrue<Same<InertiaPages['settings/email_settings']['values'], Data.Settings.EmailSettings>>()
expectTrue<Same<InertiaPages['settings/sms_settings']['values'], Data.Settings.SmsSettings>>()
expectTrue<
  Same<
    InertiaPages['settings/email_settings']['testResult'],
    Data.Settings.ProviderTestResult | null
  >
>()
expectTrue<Same<InertiaPages['settings/other_settings']['values'], Data.Settings.OtherSettings>>()
expectTrue<Same<InertiaPages['settings/working_hours']['days'], Data.Settings.WorkingDay[]>>()
expectTrue<Same<InertiaPages['settings/commands']['devices'], Data.Settings.CommandVehicle[]>>()
expectTrue<Same<InertiaPages['settings/commands']['groups'], Data.Fleet.DeviceGroup[]>>()

// Account pages: their forms and lists; roles are the shared vocabulary.
expectTrue<
  Same<InertiaPages['account/company_settings']['companyDetails'], Data.Account.CompanyDetails>
>()
expectTrue<
  Same<
    InertiaPages['account/menu_permissions']['roles'],
    Data.Account.RoleMenuPermission[] | undefined
  >
>()
expectTrue<
  Same<
    InertiaPages['account/menu_permissions']['members'],
    Data.Account.MemberMenuPermission[] | undefined
  >
>()
expectTrue<Same<Data.Account.MemberMenuPermission['role'], TeamRole>>()
expectTrue<Same<InertiaPages['account/payment_settings']['profile'], Data.Account.PaymentProfile>>()
expectTrue<Same<InertiaPages['account/payment_settings']['bank'], Data.Account.BankAccount>>()
expectTrue<Same<InertiaPages['account/settings']['profile'], Data.Account.UserSettings>>()
expectTrue<
  Same<
    InertiaPages['account/settings']['settings'],
    Data.Account.UserSettings.Variants['forPreferences']
  >
>()
expectTrue<Same<InertiaPages['account/support']['articles'], Data.Account.HelpArticle[]>>()
expectTrue<Same<InertiaPages['account/team_members']['members'], Data.Account.TeamMember[]>>()
expectTrue<
  Same<
    InertiaPages['account/team_members']['invitations'],
    Data.Account.TeamInvitation[] | undefined
  >
>()
expectTrue<Same<Data.Account.TeamInvitation['role'], TeamRole>>()
expectTrue<
  Same<InertiaPages['account/team_members']['deviceGroups'], Data.Fleet.DeviceGroup[] | undefined>
>()

// Fleet pages; a renewal's kind and status are the shared vocabulary.
expectTrue<Same<InertiaPages['fleet/overview']['vehicles'], Data.Fleet.FleetOverview['vehicles']>>()
expectTrue<Same<InertiaPages['fleet/renewals']['filters'], Data.Fleet.RenewalFilters>>()
expectTrue<Same<Data.Fleet.RenewalFilters['kind'], RenewalKind | null>>()
expectTrue<Same<Data.Fleet.RenewalFilters['status'], RenewalStatus | null>>()
expectTrue<
  Same<
    InertiaPages['fleet/maintenance_integration']['result'],
    Data.Fleet.MaintenanceImportResult | null
  >
>()

// Auth pages and the geofences page's choices.
expectTrue<Same<InertiaPages['auth/confirm']['status'], Data.Auth.EmailConfirmation['status']>>()
expectTrue<
  Same<InertiaPages['auth/reset_password_confirm']['action'], Data.Auth.PasswordResetLink['action']>
>()
expectTrue<Same<InertiaPages['auth/invitation']['invitedRole'], TeamRole | null>>()
expectTrue<Same<InertiaPages['alerts/geofences']['devices'], Data.Fleet.VehicleChoice[]>>()
expectTrue<Same<InertiaPages['alerts/geofences']['groups'], Data.Fleet.DeviceGroup[]>>()

expectTrue<
  Same<InertiaPages['tracking/unregistered_devices']['seen'], Data.Tracking.UnregisteredDevice[]>
>()
// Pages whose data the queries type with one declaration in app/shared (no transformer).
expectTrue<Same<InertiaPages['fleet/data_quality']['quality'], DataQuality>>()
expectTrue<Same<InertiaPages['fleet/data_quality']['filters'], DataQualityFilters>>()
expectTrue<
  Same<InertiaPages['settings/odometer_corrections']['corrections'], OdometerCorrectionRow[]>
>()
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
