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

/** Inspections: passed in green, failed in red. */
export const inspectionsClient: ResourceClient = {
  key: 'inspections',
  cells: {
    result: (value) => (
      <ValueBadge
        resource="inspections"
        field="result"
        value={value}
        tones={{ passed: 'green', failed: 'red' }}
      />
    ),
  },
}

/** Issues: status and priority as pills. */
export const issuesClient: ResourceClient = {
  key: 'fleet_issues',
  cells: {
    status: (value) => (
      <ValueBadge
        resource="fleet_issues"
        field="status"
        value={value}
        tones={{ open: 'amber', resolved: 'green', closed: 'neutral' }}
      />
    ),
    priority: (value) => (
      <ValueBadge
        resource="fleet_issues"
        field="priority"
        value={value}
        tones={{ low: 'neutral', medium: 'brand', high: 'amber', critical: 'red' }}
      />
    ),
  },
}

/** Work orders: the title opens the work order's page (parts, issues, transitions). */
export const workOrdersClient: ResourceClient = {
  key: 'work_orders',
  rowHref: (row, path) => path('fleet.work-orders.show', { id: String(row.id) }),
  cells: {
    status: (value) => (
      <ValueBadge
        resource="work_orders"
        field="status"
        value={value}
        tones={{
          open: 'neutral',
          in_progress: 'brand',
          awaiting_approval: 'amber',
          completed: 'green',
        }}
      />
    ),
  },
}
