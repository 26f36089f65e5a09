import type { ResourceClient } from '~/crud/types'
import { Badge } from '~/components/ui/badge'
import { useI18n } from '~/lib/i18n'

type Tone = 'brand' | 'neutral' | 'amber' | 'red' | 'green'

function ValueBadge({
  resource,
  field,
  value,
  tones,
}: {
  resource: string
  field: string
  value: unknown
  tones: Record<string, Tone>
}) {
  const { t } = useI18n()
  const key = String(value ?? '')
  if (!key) return null
  return (
    <Badge tone={tones[key] ?? 'neutral'} data-status={key}>
      {t(`crud.${resource}.values.${field}.${key}`)}
    </Badge>
  )
}

/** A cell showing a column's value as a pill of the tone the value has. */
function badgeCell(resource: string, field: string, tones: Record<string, Tone>) {
  return function BadgeCell(value: unknown) {
    return <ValueBadge resource={resource} field={field} value={value} tones={tones} />
  }
}

/** Inspections: passed in green, failed in red. */
export const inspectionsClient: ResourceClient = {
  key: 'inspections',
  cells: {
    result: badgeCell('inspections', 'result', { passed: 'green', failed: 'red' }),
  },
}

/** Issues: status and priority as pills. */
export const issuesClient: ResourceClient = {
  key: 'fleet_issues',
  cells: {
    status: badgeCell('fleet_issues', 'status', {
      open: 'amber',
      resolved: 'green',
      closed: 'neutral',
    }),
    priority: badgeCell('fleet_issues', 'priority', {
      low: 'neutral',
      medium: 'brand',
      high: 'amber',
      critical: 'red',
    }),
  },
}

/** Work orders: the title opens the work order's page (parts, issues, transitions). */
export const workOrdersClient: ResourceClient = {
  key: 'work_orders',
  rowHref: (row, path) => path('fleet.work-orders.show', { id: String(row.id) }),
  cells: {
    status: badgeCell('work_orders', 'status', {
      open: 'neutral',
      in_progress: 'brand',
      awaiting_approval: 'amber',
      completed: 'green',
    }),
  },
}
