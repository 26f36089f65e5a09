import {
  Boxes,
  FileChartColumn,
  History,
  LayoutDashboard,
  Settings,
  Truck,
  UserCog,
  type LucideIcon,
} from 'lucide-react'
import { breadcrumbOf, routeTable, type RouteName } from '#shared/route_table'

/**
 * The back-office menus (spec §2). Each group has a stable key: a company's
 * menu permissions (`hiddenMenus`) name the groups to hide from the sidebar,
 * and the menu-permissions page lists these groups to choose from.
 * Item labels are the route titles `common.routes.<routeName>`.
 */
export const menuKeys = [
  'panel',
  'history',
  'reports',
  'settings',
  'fleet',
  'inventory',
  'account',
] as const

export type MenuKey = (typeof menuKeys)[number]

export interface MenuGroup {
  key: MenuKey
  icon: LucideIcon
  /** Full i18n key of the group's label, e.g. `common.menus.fleet`. */
  labelKey: string
  items: RouteName[]
}

/** Items whose capability is announced but not there yet: shown with a "coming soon" badge. */
export const comingSoonRoutes: ReadonlySet<RouteName> = new Set<RouteName>([
  'settings.disaster-alert-system',
])

export const menuGroups: readonly MenuGroup[] = [
  {
    key: 'panel',
    icon: LayoutDashboard,
    labelKey: 'common.menus.panel',
    items: ['backend', 'live'],
  },
  {
    key: 'history',
    icon: History,
    labelKey: 'common.menus.history',
    items: ['history', 'history.tracking'],
  },
  {
    key: 'reports',
    icon: FileChartColumn,
    labelKey: 'common.menus.reports',
    items: [
      'reports',
      // Trips and movement
      'reports.trip-summary',
      'reports.total-distance-covered',
      'reports.total-travel-time',
      'reports.engine-hours',
      'reports.group-totals',
      'reports.geofence-visits',
      'reports.utilisation',
      'reports.parking-duration',
      'reports.idle-times',
      'reports.high-speed-duration',
      'reports.maximum-speeds-reached',
      // Alarms and behaviour
      'reports.all-alarms',
      'reports.driver-behavior',
      // Devices, drivers and sensors
      'reports.device-summaries',
      'reports.device-summaries-daily',
      'reports.driver-summaries',
      'reports.telematics-data',
      'reports.battery-reports',
      'reports.temperature-reports',
      // Fuel
      'reports.fuel-consumptions',
      'reports.fuel-consumptions-daily',
      'reports.trips-fuel-consumption-report',
      'reports.vehicle-fuel-consumption-report',
      'reports.fuel-events',
      // Fleet management
      'reports.fleet-vehicles',
      'reports.fleet-drivers',
      'reports.fleet-accident',
      'reports.fleet-fines',
      'reports.fleet-vehicle-check',
      'reports.maintenance-reports',
      'reports.open-issues',
      'reports.work-order-costs',
    ],
  },
  {
    key: 'settings',
    icon: Settings,
    labelKey: 'common.menus.settings',
    items: [
      'settings.devices',
      'settings.device-groups',
      'settings.unregistered-devices',
      'settings.drivers',
      'settings.commands',
      'settings.buildings',
      'settings.geofences',
      'settings.working-hours',
      'settings.odometer-corrections',
      'settings.notification-settings',
      'settings.push-notification-settings',
      'settings.email-settings',
      'settings.sms-settings',
      'settings.integrations-settings',
      'settings.other-settings',
      'settings.disaster-alert-system',
    ],
  },
  {
    key: 'fleet',
    icon: Truck,
    labelKey: 'common.menus.fleet',
    items: [
      // Overview
      'fleet.stats',
      'fleet.fleet-summary',
      'fleet.vehicle-summary',
      'fleet.drivers-summary',
      'fleet.successful-vehicle',
      // Vehicles, drivers and organisation
      'assets',
      'fleet.devices',
      'fleet.drivers',
      'fleet.vehicle-categories',
      'fleet.regions',
      'fleet.departments',
      // Maintenance and service
      'fleet.maintenance-schedule',
      'fleet.maintenance-records',
      'fleet.request',
      'fleet.service-records',
      'fleet.service-points',
      'fleet.cado-records',
      'fleet.tires',
      'forms.vehicle-check',
      'fleet.vehicle-check',
      'fleet.vehicle-check-reports',
      // Inspections → issues → work orders (issue 30)
      'forms.inspection',
      'fleet.inspections',
      'fleet.issues',
      'fleet.work-orders',
      'fleet.inspection-items',
      // Incidents, insurance and costs
      'fleet.accident',
      'fleet.traffic-fines',
      'fleet.traffic-fine-type',
      'fleet.insurance',
      'fleet.insurance-type',
      'fleet.expense',
      'fleet.expense-category',
      'fleet.fuel-log',
      // Tracker data quality (issue 25)
      'fleet.data-quality',
      // Renewals due: insurance, inspection, exhaust, rental, licences (issue 30)
      'fleet.renewals',
      'fleet.rental-records',
      'fleet.rental-company',
      // People and documents
      'fleet.paperwork',
      'fleet.leave-request',
      'fleet.driver-events',
      'fleet.hr-reports',
      'assets.inventory-reports',
      'fleet-new',
    ],
  },
  {
    key: 'inventory',
    icon: Boxes,
    labelKey: 'common.menus.inventory',
    items: ['inventory.items', 'inventory.assignments'],
  },
  {
    key: 'account',
    icon: UserCog,
    labelKey: 'common.menus.account',
    items: [
      'account',
      'account.settings',
      'account.company-settings',
      'account.team-members',
      'account.product-ordering',
      'account.subscriptions',
      'account.payment-settings',
      'account.invoices',
      'account.support',
      'account.menu-permissions',
    ],
  },
]

/** Items that need an answer of the policy layer (the shared `can`); the server refuses them too. */
const itemAbilities: Partial<Record<RouteName, 'viewPersonalData'>> = {
  'fleet.hr-reports': 'viewPersonalData',
}

/**
 * The groups the sidebar shows: all but those the company hides, without the items the
 * member's `can` (when given) does not allow.
 */
export function visibleMenuGroups(
  hiddenMenus: readonly string[] = [],
  can?: Partial<Record<string, boolean>> | null
): MenuGroup[] {
  const allowed = (item: RouteName) => {
    const ability = itemAbilities[item]
    return can === undefined || !ability || Boolean(can?.[ability])
  }
  return menuGroups
    .filter((group) => !hiddenMenus.includes(group.key))
    .map((group) => ({ ...group, items: group.items.filter(allowed) }))
}

const menuRoutes = new Set<RouteName>(menuGroups.flatMap((group) => group.items))

/**
 * The menu item to highlight for a route: the route itself when it is in a menu,
 * else its closest parent in the path hierarchy that is (a vehicle's detail page
 * highlights the vehicles item). The dashboard only matches itself.
 */
export function activeMenuItem(name: RouteName | null | undefined): RouteName | undefined {
  if (!name || !(name in routeTable)) return undefined
  if (menuRoutes.has(name)) return name
  return breadcrumbOf(name)
    .slice(0, -1)
    .reverse()
    .find((parent) => parent !== 'backend' && menuRoutes.has(parent))
}

/** The group of the highlighted item of a route. */
export function menuGroupOf(name: RouteName | null | undefined): MenuGroup | undefined {
  const item = activeMenuItem(name)
  return item ? menuGroups.find((group) => group.items.includes(item)) : undefined
}
