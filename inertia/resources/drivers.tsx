import { router } from '@inertiajs/react'
import { Car, CarFront } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog, Modal } from '~/components/ui/dialog'
import type { ResourceClient, Row, RowHelpers } from '~/crud/types'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'

/** Assign to a vehicle, or remove from it with a confirmation. */
function DriverAssignment({ row, helpers }: { row: Row; helpers: RowHelpers }) {
  const { t } = useI18n()
  const action = useAction()
  const [assigning, setAssigning] = useState(false)
  const [removing, setRemoving] = useState(false)
  const [deviceId, setDeviceId] = useState('')
  const url = action('drivers.assignment', { id: row.id as number })
  const done = { preserveScroll: true, preserveState: true, onFinish: () => helpers.reload() }
  const hasVehicle = row.vehicle_id !== null && row.vehicle_id !== undefined
  const actions = [
    {
      testId: 'assign-driver',
      label: t('crud.drivers.assign'),
      icon: <Car className="size-4" aria-hidden="true" />,
      open: () => setAssigning(true),
    },
    ...(hasVehicle
      ? [
          {
            testId: 'remove-driver',
            label: t('crud.drivers.remove'),
            icon: <CarFront className="size-4 text-amber-600" aria-hidden="true" />,
            open: () => setRemoving(true),
          },
        ]
      : []),
  ]

  return (
    <>
      {actions.map((rowAction) => (
        <Button
          key={rowAction.testId}
          variant="ghost"
          size="icon"
          aria-label={rowAction.label}
          onClick={rowAction.open}
          data-testid={rowAction.testId}
        >
          {rowAction.icon}
        </Button>
      ))}
      {assigning && (
        <Modal
          open
          onOpenChange={setAssigning}
          title={t('crud.drivers.assign_title', { name: String(row.name) })}
          footer={
            <Button
              disabled={!deviceId}
              onClick={() => {
                router.post(url, { deviceId: Number(deviceId) }, done)
                setAssigning(false)
              }}
              data-testid="confirm-assign"
            >
              {t('crud.drivers.assign')}
            </Button>
          }
        >
          <label className="block text-sm font-medium text-slate-700" htmlFor="assign-vehicle">
            {t('crud.table.vehicle')}
          </label>
          <select
            id="assign-vehicle"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
          >
            <option value="">—</option>
            {helpers.vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
              </option>
            ))}
          </select>
        </Modal>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={setRemoving}
          title={t('crud.drivers.remove')}
          message={t('crud.drivers.remove_confirm', {
            name: String(row.name),
            vehicle: String(row.vehicles ?? ''),
          })}
          confirmLabel={t('crud.drivers.remove')}
          onConfirm={() => {
            router.delete(url, { ...done, data: { deviceId: Number(row.vehicle_id) } })
            setRemoving(false)
          }}
        />
      )}
    </>
  )
}

/** Drivers: assign to and remove from a vehicle. */
export const driversClient: ResourceClient = {
  key: 'drivers',
  rowActions: (row, helpers) => <DriverAssignment row={row} helpers={helpers} />,
}
