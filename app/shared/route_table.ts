import type { Locale } from './locales.js'

/**
 * The one table of page routes. Each route has an English path and its Turkish
 * path (prefixed /tr, Turkish slugs). Server routes, links, the language switch,
 * hreflang alternates, breadcrumbs and the sitemap are all built from it.
 *
 * guard: 'auth' needs a signed-in user, 'guest' is for anonymous visitors only,
 * 'none' is open. Unless given, backend and reports pages are 'auth'.
 */
export type Layout = 'frontend' | 'auth' | 'backend' | 'reports' | 'fleet-new'
export type Guard = 'auth' | 'guest' | 'none'

export interface RouteEntry {
  en: string
  tr: string
  layout: Layout
  guard?: Guard
  /** Permanent redirect to another route of the table. */
  redirectTo?: string
  /** Hidden from the sitemap (forms, internal tools, redirects). */
  noindex?: boolean
}

const site = (en: string, tr: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  en,
  tr,
  layout: 'frontend',
  ...extra,
})
const auth = (en: string, tr: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  en,
  tr,
  layout: 'auth',
  noindex: true,
  ...extra,
})
const back = (en: string, tr: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  en: `/backend${en}`,
  tr: `/tr/panel${tr}`,
  layout: 'backend',
  noindex: true,
  ...extra,
})
const fleet = (en: string, tr: string, extra: Partial<RouteEntry> = {}) =>
  back(`/fleet/${en}`, `/filo/${tr}`, extra)
const settings = (en: string, tr: string, extra: Partial<RouteEntry> = {}) =>
  back(`/settings/${en}`, `/ayarlar/${tr}`, extra)
const report = (en: string, tr: string, extra: Partial<RouteEntry> = {}) =>
  back(`/reports/${en}`, `/raporlar/${tr}`, { layout: 'reports', ...extra })
const account = (en: string, tr: string, extra: Partial<RouteEntry> = {}) =>
  back(`/account/${en}`, `/hesap/${tr}`, extra)

export const routeTable = {
  // Public site
  'home': site('/', '/tr'),
  'faqs': site('/faqs', '/tr/sss'),
  'offer': site('/offer', '/tr/teklif'),
  'contact': site('/contact', '/tr/iletisim'),
  'pricing': site('/pricing', '/tr/fiyatlandirma'),
  'support': site('/support', '/tr/destek'),
  'about-us': site('/about-us', '/tr/hakkimizda'),
  'about': site('/about', '/tr/hakkinda', { redirectTo: 'about-us', noindex: true }),
  'tutorials': site('/tutorials', '/tr/egitimler'),
  'blog': site('/blog', '/tr/blog'),
  'blog.show': site('/blog/:slug', '/tr/blog/:slug'),
  'post': site('/post', '/tr/yazi'),
  'post.show': site('/post/:slug', '/tr/yazi/:slug'),
  'fleet': site('/fleet', '/tr/filo'),
  'fleet.show': site('/fleet/:slug', '/tr/filo/:slug'),
  'features': site('/features', '/tr/ozellikler'),
  'features.show': site('/features/:slug', '/tr/ozellikler/:slug'),
  'products': site('/products', '/tr/urunler'),
  'products.show': site('/products/:slug', '/tr/urunler/:slug'),
  'terms-of-use': site('/terms-of-use', '/tr/kullanim-kosullari'),
  'cookie-policy': site('/cookie-policy', '/tr/cerez-politikasi'),
  'privacy-policy': site('/privacy-policy', '/tr/gizlilik-politikasi'),
  'dealership-program': site('/dealership-program', '/tr/bayilik-programi'),
  'translator': site('/translator', '/tr/cevirmen', { guard: 'auth', noindex: true }),
  'index-old': site('/index_old', '/tr/index_old', { redirectTo: 'home', noindex: true }),
  'login-old': site('/login_old', '/tr/login_old', { redirectTo: 'login', noindex: true }),
  'test.cost': site('/test/cost', '/tr/test/maliyet'),
  'test.check': site('/test/check', '/tr/test/kontrol', { guard: 'auth', noindex: true }),
  'test.device-lists': site('/test/device-lists', '/tr/test/cihaz-listeleri'),
  'test.device-profile': site('/test/device-profile', '/tr/test/cihaz-profili', {
    guard: 'auth',
    noindex: true,
  }),
  'test.command-builder': site('/test/command-builder', '/tr/test/komut-olusturucu', {
    guard: 'auth',
    noindex: true,
  }),

  // Authentication
  'login': auth('/login', '/tr/giris', { guard: 'guest' }),
  'signup': auth('/signup', '/tr/kayit', { guard: 'guest' }),
  'confirm': auth('/confirm', '/tr/onay'),
  'reset-password': auth('/reset-password', '/tr/sifre-sifirla'),
  'reset-password-confirm': auth('/reset-password-confirm', '/tr/sifre-sifirla-onay'),
  'invitation': auth('/invitation/:token', '/tr/davet/:token'),

  // Back office
  'backend': back('', ''),
  'backend.index-old': back('/index_old', '/index_old', { redirectTo: 'backend' }),
  'backend.unauthorized': back('/unauthorized', '/yetkisiz', { guard: 'none' }),
  'live': back('/live', '/canli-takip'),

  'account': back('/account', '/hesap'),
  'account.support': account('support', 'destek'),
  'account.invoices': account('invoices', 'faturalar'),
  'account.settings': account('settings', 'ayarlar'),
  'account.team-members': account('team-members', 'ekip-uyeleri'),
  'account.subscriptions': account('subscriptions', 'abonelikler'),
  'account.company-settings': account('company-settings', 'sirket-ayarlari'),
  'account.menu-permissions': account('menu-permissions', 'menu-izinleri'),
  'account.payment-settings': account('payment-settings', 'odeme-ayarlari'),
  'account.product-ordering': account('product-ordering', 'urun-siparisi'),

  'assets': back('/assets', '/araclar'),
  'assets.inventory-reports': back('/assets/inventory-reports', '/araclar/envanter-raporlari', {
    layout: 'reports',
  }),
  'assets.show': back('/assets/:id', '/araclar/:id'),

  'inventory.items': back('/inventory', '/envanter'),
  'inventory.assignments': back('/inventory/assignments', '/envanter/zimmetler'),

  'history': back('/history', '/gecmis'),
  'history.old': back('/history/old', '/gecmis/eski', { redirectTo: 'history' }),
  'history.tracking': back('/history/tracking', '/gecmis/takip'),

  'reports': back('/reports', '/raporlar'),
  'reports.all-alarms': report('all-alarms', 'tum-alarmlar'),
  'reports.idle-times': report('idle-times', 'rolanti-sureleri'),
  'reports.fleet-fines': report('fleet-fines', 'filo-cezalari'),
  'reports.trip-summary': report('trip-summary', 'sefer-ozeti'),
  'reports.fleet-drivers': report('fleet-drivers', 'filo-suruculeri'),
  'reports.fleet-accident': report('fleet-accident', 'filo-kazalari'),
  'reports.fleet-vehicles': report('fleet-vehicles', 'filo-araclari'),
  'reports.battery-reports': report('battery-reports', 'aku-raporlari'),
  'reports.driver-behavior': report('driver-behavior', 'surucu-davranisi'),
  'reports.telematics-data': report('telematics-data', 'telematik-veriler'),
  'reports.device-summaries': report('device-summaries', 'cihaz-ozetleri'),
  'reports.driver-summaries': report('driver-summaries', 'surucu-ozetleri'),
  'reports.parking-duration': report('parking-duration', 'park-sureleri'),
  'reports.fuel-consumptions': report('fuel-consumptions', 'yakit-tuketimleri'),
  'reports.total-travel-time': report('total-travel-time', 'toplam-seyahat-suresi'),
  'reports.engine-hours': report('engine-hours', 'motor-saatleri'),
  'reports.group-totals': report('group-totals', 'grup-toplamlari'),
  'reports.geofence-visits': report('geofence-visits', 'bolge-ziyaretleri'),
  'reports.utilisation': report('utilisation', 'kullanim-orani'),
  'reports.fleet-vehicle-check': report('fleet-vehicle-check', 'filo-arac-kontrolu'),
  'reports.high-speed-duration': report('high-speed-duration', 'yuksek-hiz-suresi'),
  'reports.maintenance-reports': report('maintenance-reports', 'bakim-raporlari'),
  'reports.open-issues': report('open-issues', 'acik-arizalar'),
  'reports.work-order-costs': report('work-order-costs', 'is-emri-maliyetleri'),
  'reports.temperature-reports': report('temperature-reports', 'sicaklik-raporlari'),
  'reports.device-summaries-daily': report('device-summaries-daily', 'gunluk-cihaz-ozetleri'),
  'reports.maximum-speeds-reached': report('maximum-speeds-reached', 'ulasilan-azami-hizlar'),
  'reports.total-distance-covered': report('total-distance-covered', 'toplam-kat-edilen-mesafe'),
  'reports.fuel-consumptions-daily': report('fuel-consumptions-daily', 'gunluk-yakit-tuketimleri'),
  'reports.trips-fuel-consumption-report': report(
    'trips-fuel-consumption-report',
    'sefer-yakit-tuketimi-raporu'
  ),
  'reports.vehicle-fuel-consumption-report': report(
    'vehicle-fuel-consumption-report',
    'arac-yakit-tuketimi-raporu'
  ),
  'reports.fuel-events': report('fuel-events', 'yakit-dolum-ve-dususleri'),

  'fleet.stats': fleet('stats', 'istatistikler'),
  'fleet.tires': fleet('tires', 'lastikler'),
  'fleet.devices': fleet('devices', 'cihazlar'),
  'fleet.drivers': fleet('drivers', 'suruculer'),
  'fleet.expense': fleet('expense', 'giderler'),
  'fleet.regions': fleet('regions', 'bolgeler'),
  'fleet.request': fleet('request', 'bakim-talepleri'),
  'fleet.accident': fleet('accident', 'kazalar'),
  'fleet.index-old': fleet('index_old', 'index_old', { redirectTo: 'fleet.stats' }),
  'fleet.insurance': fleet('insurance', 'sigortalar'),
  'fleet.paperwork': fleet('paperwork', 'evraklar'),
  'fleet.departments': fleet('departments', 'departmanlar'),
  'fleet.cado-records': fleet('cado-records', 'cado-kayitlari'),
  'fleet.fleet-summary': fleet('fleet-summary', 'filo-ozeti', { layout: 'reports' }),
  'fleet.leave-request': fleet('leave-request', 'izin-talepleri'),
  'fleet.traffic-fines': fleet('traffic-fines', 'trafik-cezalari'),
  'fleet.vehicle-check': fleet('vehicle-check', 'arac-kontrolleri'),
  'fleet.insurance-type': fleet('insurance-type', 'sigorta-turleri'),
  'fleet.rental-company': fleet('rental-company', 'kiralama-sirketleri'),
  'fleet.rental-records': fleet('rental-records', 'kiralama-kayitlari'),
  'fleet.service-points': fleet('service-points', 'servis-noktalari'),
  'fleet.drivers-summary': fleet('drivers-summary', 'surucu-ozeti'),
  'fleet.service-records': fleet('service-records', 'servis-kayitlari'),
  'fleet.vehicle-summary': fleet('vehicle-summary', 'arac-ozeti'),
  'fleet.expense-category': fleet('expense-category', 'gider-kategorileri'),
  'fleet.traffic-fine-type': fleet('traffic-fine-type', 'trafik-cezasi-turleri'),
  'fleet.successful-vehicle': fleet('successful-vehicle', 'basarili-araclar'),
  'fleet.vehicle-categories': fleet('vehicle-categories', 'arac-kategorileri'),
  'fleet.maintenance-records': fleet('maintenance-records', 'bakim-kayitlari'),
  'fleet.maintenance-schedule': fleet('maintenance-schedule', 'bakim-takvimi'),
  'fleet.maintenance-integration': fleet(
    'maintenance-records/integration',
    'bakim-kayitlari/entegrasyon'
  ),
  'fleet.fuel-log': fleet('fuel-log', 'yakit-kaydi'),
  'fleet.vehicle-check-reports': fleet('vehicle-check-reports', 'arac-kontrol-raporlari', {
    layout: 'reports',
  }),
  // Fleet menu items of spec §2 without a path of their own there
  'fleet.driver-events': fleet('driver-events', 'surucu-olaylari'),
  'fleet.hr-reports': fleet('hr-reports', 'ik-raporlari', { layout: 'reports' }),
  'fleet.data-quality': fleet('data-quality', 'veri-kalitesi'),
  'fleet.renewals': fleet('renewals', 'yenilemeler'),
  // Issue 30: inspections → issues → work orders
  'fleet.inspections': fleet('inspections', 'denetimler'),
  'fleet.inspection-items': fleet('inspection-items', 'denetim-maddeleri'),
  'fleet.issues': fleet('issues', 'arizalar'),
  'fleet.work-orders': fleet('work-orders', 'is-emirleri'),
  'fleet.work-orders.show': fleet('work-orders/:id', 'is-emirleri/:id'),

  'settings.devices': settings('devices', 'cihazlar'),
  'settings.drivers': settings('drivers', 'suruculer'),
  'settings.commands': settings('commands', 'komutlar'),
  'settings.buildings': settings('buildings', 'binalar'),
  'settings.geofences': settings('geofences', 'cografi-sinirlar'),
  'settings.sms-settings': settings('sms-settings', 'sms-ayarlari'),
  'settings.device-groups': settings('device-groups', 'cihaz-gruplari'),
  'settings.working-hours': settings('working-hours', 'calisma-saatleri'),
  'settings.odometer-corrections': settings('odometer-corrections', 'kilometre-duzeltmeleri'),
  'settings.email-settings': settings('email-settings', 'eposta-ayarlari'),
  'settings.other-settings': settings('other-settings', 'diger-ayarlar'),
  'settings.disaster-alert-system': settings('disaster-alert-system', 'afet-uyari-sistemi'),
  'settings.integrations-settings': settings('integrations-settings', 'entegrasyon-ayarlari'),
  'settings.notification-settings': settings('notification-settings', 'bildirim-ayarlari'),
  'settings.push-notification-settings': settings(
    'push-notification-settings',
    'anlik-bildirim-ayarlari'
  ),
  'settings.unregistered-devices': settings('unregistered-devices', 'kayitsiz-cihazlar'),

  'forms.vehicle-check': {
    en: '/forms/vehicle-check',
    tr: '/tr/formlar/arac-kontrol',
    layout: 'reports',
    guard: 'auth',
    noindex: true,
  },

  'forms.inspection': {
    en: '/forms/inspection',
    tr: '/tr/formlar/denetim',
    layout: 'reports',
    guard: 'auth',
    noindex: true,
  },

  'fleet-new': back('/fleet-new', '/yeni-filo', { layout: 'fleet-new', guard: 'none' }),
  'fleet-new.drivers': back('/fleet-new/drivers', '/yeni-filo/suruculer', {
    layout: 'fleet-new',
    guard: 'none',
  }),
  'fleet-new.vehicles': back('/fleet-new/vehicles', '/yeni-filo/araclar', {
    layout: 'fleet-new',
    guard: 'none',
  }),

  // Public site: quotes (issue: public site)
  'offer.show': site('/offer/:number', '/tr/teklif/:number', { noindex: true }),
  // Back office: contact messages and demo requests, for platform staff (PLATFORM_ADMIN_EMAILS)
  'account.inquiries': account('inquiries', 'talepler'),
} satisfies Record<string, RouteEntry>

export type RouteName = keyof typeof routeTable
export type RouteParams = Record<string, string | number>

export function guardOf(entry: RouteEntry): Guard {
  if (entry.guard) return entry.guard
  return entry.layout === 'backend' || entry.layout === 'reports' ? 'auth' : 'none'
}

export function pathFor(name: RouteName, locale: Locale, params: RouteParams = {}): string {
  const pattern = routeTable[name][locale]
  return pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`)
    return encodeURIComponent(String(value))
  })
}

interface CompiledRoute {
  name: RouteName
  locale: Locale
  regex: RegExp
  keys: string[]
}

const compiledRoutes: CompiledRoute[] = Object.entries(routeTable).flatMap(([name, entry]) =>
  (['en', 'tr'] as const).map((locale) => {
    const keys: string[] = []
    const source = entry[locale]
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        keys.push(segment.slice(1))
        return '([^/]+)'
      })
      .join('/')
    return { name: name as RouteName, locale, regex: new RegExp(`^${source || '/'}/?$`), keys }
  })
)

/** Finds which route of the table a concrete path is, in which language. */
export function matchPath(
  path: string
): { name: RouteName; locale: Locale; params: Record<string, string> } | null {
  for (const route of compiledRoutes) {
    const match = route.regex.exec(path)
    if (!match) continue
    const params: Record<string, string> = {}
    route.keys.forEach((key, index) => (params[key] = decodeURIComponent(match[index + 1])))
    return { name: route.name, locale: route.locale, params }
  }
  return null
}

/** The parent chain of a route, for breadcrumbs: the routes whose path prefixes it. */
export function breadcrumbOf(name: RouteName): RouteName[] {
  const chain: RouteName[] = []
  const segments = routeTable[name].en.split('/').filter(Boolean)
  for (let length = 1; length < segments.length; length++) {
    const prefix = `/${segments.slice(0, length).join('/')}`
    const parent = (Object.keys(routeTable) as RouteName[]).find(
      (candidate) => routeTable[candidate].en === prefix && !('redirectTo' in routeTable[candidate])
    )
    if (parent) chain.push(parent)
  }
  chain.push(name)
  return chain
}
