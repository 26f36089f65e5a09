import type { Locale } from '#shared/locales'
import type { Layout, RouteName } from '#shared/route_table'
import type { ClientMessage } from '~/lib/i18n'

/** The props every page receives (see app/middleware/inertia_middleware.ts). */
export interface SharedProps {
  locale: Locale
  messages: Record<string, ClientMessage>
  route: { name: RouteName; layout: Layout; params: Record<string, string> } | null
  alternates: Partial<Record<Locale, string>>
  user: { id: number; email: string; displayName: string; confirmed: boolean } | null
  company: { id: number; name: string } | null
  /** What the policy layer allows the member (app/abilities/member.ts pageFlags). */
  can: {
    manageFleet: boolean
    sendCommands: boolean
    scheduleReports: boolean
    administerCompany: boolean
    seeBilling: boolean
    ownCompany: boolean
    viewPersonalData: boolean
    fileForOthers: boolean
    seeEveryonesRequests: boolean
  } | null
  companies: { id: number; name: string }[]
  hiddenMenus: string[]
  socialProviders: { google: boolean; facebook: boolean }
  flash: { success: string | null; error: string | null }
  errors: Record<string, string>
  [key: string]: unknown
}
