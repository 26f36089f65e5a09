import { Head } from '@inertiajs/react'
import { clsx } from 'clsx'
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react'
import { imageExtnames } from '#shared/uploads'
import { InputField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/empty_state'
import { useRouteTitle } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/**
 * The page of a form filled on a phone beside a vehicle (an inspection, a vehicle check):
 * its intro and form, or, while the company has no vehicle, the way to add one.
 */
export function PhoneFormPage({
  hasVehicles,
  noVehicles,
  intro,
  testId,
  onSubmit,
  children,
}: {
  hasVehicles: boolean
  noVehicles: string
  intro: string
  testId: string
  onSubmit: (event: FormEvent) => void
  children: ReactNode
}) {
  const { t } = useI18n()
  const title = useRouteTitle()
  if (!hasVehicles) {
    return (
      <>
        <Head title={title} />
        <EmptyState
          title={noVehicles}
          action={
            <RouteLink route="fleet.devices" className="text-brand-700 underline">
              {t('common.routes.fleet.devices')}
            </RouteLink>
          }
        />
      </>
    )
  }
  return (
    <>
      <Head title={title} />
      <p className="mb-6 text-sm text-slate-600">{intro}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-8" data-testid={testId}>
        {children}
      </form>
    </>
  )
}

/** A select's choices of vehicles (name and plate), after an empty one. */
export function VehicleOptions({
  vehicles,
}: {
  vehicles: { id: number; name: string; plate: string | null }[]
}) {
  return (
    <>
      <option value="">—</option>
      {vehicles.map((vehicle) => (
        <option key={vehicle.id} value={vehicle.id}>
          {vehicle.plate ? `${vehicle.name} (${vehicle.plate})` : vehicle.name}
        </option>
      ))}
    </>
  )
}

/** A select's choices of drivers, after an empty one. */
export function DriverOptions({ drivers }: { drivers: { id: number; name: string }[] }) {
  return (
    <>
      <option value="">—</option>
      {drivers.map((driver) => (
        <option key={driver.id} value={driver.id}>
          {driver.name}
        </option>
      ))}
    </>
  )
}

/** One choice of a {@link ChoiceButtons} group. */
export interface ChoiceButton {
  value: string
  /** What the button shows (hidden from assistive technology: the input's aria-label speaks). */
  text: ReactNode
  ariaLabel: string
  /** Classes of the button while it is chosen. */
  checkedClass: string
  testId?: string
}

/**
 * One item answered with a row of large radio buttons (thumb-sized on a phone): pass or fail
 * of an inspection item, a score 1 to 5 of a vehicle check item.
 */
export function ChoiceButtons({
  name,
  legend,
  choices,
  gridClass,
  value,
  error,
  onChange,
  testId,
}: {
  name: string
  legend: ReactNode
  choices: ChoiceButton[]
  gridClass: string
  value: unknown
  error?: string
  onChange: (value: string) => void
  testId: string
}) {
  return (
    <fieldset className="space-y-2" data-testid={testId}>
      <legend className="text-sm font-medium text-slate-800">
        {legend} <span className="text-red-600">*</span>
      </legend>
      <div className={clsx('grid gap-2', gridClass)}>
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`
          const checked = value === choice.value
          return (
            <label
              key={choice.value}
              htmlFor={id}
              className={clsx(
                'flex h-12 cursor-pointer items-center justify-center rounded-lg border text-base font-semibold transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked
                  ? choice.checkedClass
                  : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500'
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="sr-only"
                aria-label={choice.ariaLabel}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${name}-error` : undefined}
                data-testid={choice.testId}
              />
              <span aria-hidden="true">{choice.text}</span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={`${name}-error`} className="text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** A photo of the vehicle: a phone opens its camera or gallery. */
export function PhotoField(
  props: InputHTMLAttributes<HTMLInputElement> & {
    name: string
    label: string
    error?: string
  }
) {
  return (
    <InputField
      type="file"
      accept={imageExtnames.map((extname) => `.${extname}`).join(',')}
      {...props}
    />
  )
}

/** The full-width submit button at the foot of a phone form. */
export function PhoneSubmit({
  busy,
  testId,
  children,
}: {
  busy: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} data-testid={testId}>
      {children}
    </Button>
  )
}
