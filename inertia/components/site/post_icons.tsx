import { createElement } from 'react'
import {
  BatteryCharging,
  BellRing,
  Briefcase,
  Building,
  Bus,
  Cable,
  Car,
  ChartColumn,
  FileText,
  Fuel,
  Handshake,
  HardHat,
  IdCard,
  KeyRound,
  Languages,
  LayoutDashboard,
  LifeBuoy,
  LockOpen,
  MapPin,
  Newspaper,
  Plug,
  RotateCcwClock,
  Route,
  Satellite,
  ShieldCheck,
  Smartphone,
  Thermometer,
  Tractor,
  Truck,
  Wrench,
  type LucideIcon,
} from 'lucide-react'

/** An icon per post key; unknown keys fall back to their category's icon. */
const byKey: Record<string, LucideIcon> = {
  'real-time-tracking': MapPin,
  'route-optimisation': Route,
  'vehicle-maintenance': Wrench,
  'safety-and-compliance': ShieldCheck,
  'analytics-and-reporting': ChartColumn,
  'driver-management': IdCard,
  'logistics-and-transport': Truck,
  'construction': HardHat,
  'public-transport': Bus,
  'rental-and-leasing': KeyRound,
  'field-service': Wrench,
  'agriculture': Tractor,
  'gps-tracker': Satellite,
  'obd-tracker': Plug,
  'ev-tracker': BatteryCharging,
  'fleet-management': LayoutDashboard,
  'small-vehicle-package': Car,
  'large-vehicle-package': Truck,
  'optional-sensors': Thermometer,
  'connect-a-teltonika-tracker': Cable,
  'connect-a-gt06-tracker': Cable,
  'use-the-traccar-client-app': Smartphone,
  'replay-a-trip': RotateCcwClock,
  'set-up-maintenance-reminders': BellRing,
  'why-cut-fuel-costs': Fuel,
  'why-safer-drivers': ShieldCheck,
  'why-open-protocols': LockOpen,
  'why-two-languages': Languages,
  'about-us': Building,
  'careers': Briefcase,
  'dealership-program': Handshake,
  'support': LifeBuoy,
}

const byCategory: Record<string, LucideIcon> = {
  blog: Newspaper,
  company: Building,
  legal: FileText,
}

export function postIcon(key: string, category: string): LucideIcon {
  return byKey[key] ?? byCategory[category] ?? FileText
}

/** The icon of a post, decorative. */
export function PostIcon({
  postKey,
  category,
  className,
}: {
  postKey: string
  category: string
  className?: string
}) {
  return createElement(postIcon(postKey, category), { className, 'aria-hidden': true })
}
