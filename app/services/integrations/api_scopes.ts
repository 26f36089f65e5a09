import type { ResourceDescriptor } from '#crud/resource'
import type { RouteName } from '#shared/route_table'
import { devicesResource } from '#crud/resources/devices'
import { driversResource } from '#crud/resources/drivers'
import { fuelEntriesResource } from '#crud/resources/fuel_entries'
import { fleetRecords } from '#crud/resources/index'

/**
 * A resource of the JSON API (`/api/v1/<name>`): a resource of the one machinery (its
 * fields, Vine rules, company scoping and write abilities) and the back-office page that
 * serves it, whose menu and abilities decide what a token's member may do with it.
 */
export interface ApiResource {
  /** Path segment and scope name: `fuel-entries`. */
  name: string
  page: RouteName
  resource: ResourceDescriptor
}

export type ApiAccess = 'read' | 'write'

/** The scope of the read-only tracking endpoints (devices, live positions, trips, events). */
export const TRACKING_SCOPE = 'tracking'

const pathName = (key: string) => key.replaceAll('_', '-')

/** Vehicles, drivers, fuel entries and every fleet record, in that order. */
export const apiResources: ApiResource[] = [
  { name: 'vehicles', page: 'fleet.devices', resource: devicesResource },
  { name: 'drivers', page: 'fleet.drivers', resource: driversResource },
  { name: 'fuel-entries', page: 'fleet.fuel-log', resource: fuelEntriesResource },
  ...Object.entries(fleetRecords).map(([page, resource]) => ({
    name: pathName(resource.key),
    page: page as RouteName,
    resource,
  })),
]

/** Every scope a token may hold, with whether it can be written (tracking is read-only). */
export const apiScopeCatalogue: { name: string; labelKey: string; writable: boolean }[] = [
  { name: TRACKING_SCOPE, labelKey: 'settings.integrations.scope_tracking', writable: false },
  ...apiResources.map((api) => ({
    name: api.name,
    labelKey: `crud.${api.resource.key}.title`,
    writable: Boolean(api.resource.write),
  })),
]

/** Every scope of a token made before scopes existed: read on everything. */
export const READ_EVERYTHING = '*:read'

/**
 * Whether a token's scopes allow an access to a scope name: `<name>:write` allows reading and
 * writing, `<name>:read` reading only, `*:read` reading everything.
 */
export function scopeAllows(scopes: readonly string[], name: string, access: ApiAccess) {
  return scopes.some((scope) => {
    const [scoped, granted] = scope.split(':')
    if (scoped !== name && scoped !== '*') return false
    return granted === 'write' || (granted === 'read' && access === 'read')
  })
}

/** The scopes of a form (`<name>:read|write`), known ones only, once each, in catalogue order. */
export function normalizeScopes(input: readonly string[]): string[] {
  const wanted = new Set(input)
  const scopes: string[] = []
  for (const entry of apiScopeCatalogue) {
    if (entry.writable && wanted.has(`${entry.name}:write`)) scopes.push(`${entry.name}:write`)
    else if (wanted.has(`${entry.name}:read`)) scopes.push(`${entry.name}:read`)
  }
  if (wanted.has(READ_EVERYTHING)) scopes.unshift(READ_EVERYTHING)
  return scopes
}
