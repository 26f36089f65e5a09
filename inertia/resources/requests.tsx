import { router, usePage } from '@inertiajs/react'
import { Ban, Check, CheckCheck } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import type { ResourceClient, Row, RowHelpers } from '~/crud/types'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'
import type { SharedProps } from '~/types'
import { actionsFrom, type ApprovalAction } from '#shared/approvals'

const tones = { pending: 'amber', approved: 'brand', rejected: 'red', done: 'green' } as const

function StatusBadge({ resource, value }: { resource: string; value: unknown }) {
  const { t } = useI18n()
  const status = String(value ?? '')
  return (
    <Badge tone={tones[status as keyof typeof tones] ?? 'neutral'} data-status={status}>
      {t(`crud.${resource}.values.status.${status}`)}
    </Badge>
  )
}

const icons = { confirm: Check, reject: Ban, done: CheckCheck }

/**
 * Confirm, reject or mark done, for managers and above, offered only where the transition is
 * allowed (app/shared/approvals.ts; the server enforces the same table). Each asks first.
 */
function Decisions({
  row,
  helpers,
  action,
}: {
  row: Row
  helpers: RowHelpers
  action: 'fleet.request.decision' | 'fleet.leave-request.decision'
}) {
  const { t } = useI18n()
  const actionPath = useAction()
  const { can } = usePage<SharedProps>().props
  const [asking, setAsking] = useState<ApprovalAction | null>(null)
  if (!can?.manageFleet) return null
  const url = actionPath(action, { id: row.id as number })
  return (
    <>
      {actionsFrom(String(row.status)).map((decision) => {
        const Icon = icons[decision]
        return (
          <Button
            key={decision}
            variant="ghost"
            size="icon"
            aria-label={t(`fleet_flow.approvals.actions.${decision}`)}
            title={t(`fleet_flow.approvals.actions.${decision}`)}
            onClick={() => setAsking(decision)}
            data-testid={`decision-${decision}`}
          >
            <Icon
              className={decision === 'reject' ? 'size-4 text-red-600' : 'size-4 text-emerald-700'}
              aria-hidden="true"
            />
          </Button>
        )
      })}
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t(`fleet_flow.approvals.actions.${asking}`)}
          message={t(`fleet_flow.approvals.confirm.${asking}`)}
          confirmLabel={t(`fleet_flow.approvals.actions.${asking}`)}
          onConfirm={() => {
            router.post(
              url,
              { action: asking },
              { preserveScroll: true, preserveState: true, onFinish: () => helpers.reload() }
            )
            setAsking(null)
          }}
        />
      )}
    </>
  )
}

export const fleetRequestsClient: ResourceClient = {
  key: 'fleet_requests',
  cells: { status: (value) => <StatusBadge resource="fleet_requests" value={value} /> },
  rowActions: (row, helpers) => (
    <Decisions row={row} helpers={helpers} action="fleet.request.decision" />
  ),
}

export const leaveRequestsClient: ResourceClient = {
  key: 'leave_requests',
  cells: { status: (value) => <StatusBadge resource="leave_requests" value={value} /> },
  rowActions: (row, helpers) => (
    <Decisions row={row} helpers={helpers} action="fleet.leave-request.decision" />
  ),
}
