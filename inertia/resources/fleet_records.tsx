import type { ResourceClient } from '~/crud/types'
import { DaysRemaining } from '~/components/cards/days_remaining'
import { StateBadge, type MaintenanceItem } from '~/components/cards/maintenance_card'

/** The maintenance schedule: each item's state as a coloured pill (overdue, due soon, planned). */
export const maintenanceSchedulesClient: ResourceClient = {
  key: 'maintenance_schedules',
  cells: {
    state: (value) =>
      typeof value === 'string' ? <StateBadge state={value as MaintenanceItem['state']} /> : null,
  },
}

/** Insurance: the days a policy has left, red once it has ended. */
export const insurancesClient: ResourceClient = {
  key: 'insurances',
  cells: {
    days_remaining: (value) =>
      value === null || value === undefined ? null : <DaysRemaining days={Number(value)} />,
  },
}
