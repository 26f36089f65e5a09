import { Head, useForm } from '@inertiajs/react'
import type { Page } from '@inertiajs/core'
import { clsx } from 'clsx'
import type { ComponentProps, FormEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { RouteName } from '#shared/route_table'
import { imageExtnames } from '#shared/uploads'
import { InputField, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { EmptyState } from '~/components/empty_state'
import { useRouteTitle } from '~/components/page_header'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'

const hasErrors = (page: Page) => Object.keys(page.props.errors ?? {}).length > 0

/** The answers of a phone form: texts, choices and photos by field name. */
export type PhoneFormValues = Record<string, string | File | null>

/**
 * The Inertia form of a phone form and its submit: it files to `route`, keeps the scroll
 * while the answer has errors, and once filed starts again from `blank()` (then `onFiled`).
 * `transform` shapes what is sent; `forceFormData` sends multipart even without a file.
 */
export function usePhoneForm(
  blank: () => PhoneFormValues,
  route: RouteName,
  options: {
    transform?: (data: PhoneFormValues) => PhoneFormValues
    forceFormData?: boolean
    onFiled?: () => void
  } = {}
) {
  const form = useForm<PhoneFormValues>(blank())
  const path = useRoute()
  function submit(event: FormEvent) {
    event.preventDefault()
    const { transform, forceFormData, onFiled } = options
    if (transform) form.transform(transform)
    form.post(path(route), {
      forceFormData,
      preserveScroll: hasErrors,
      onSuccess: (page) => {
        if (hasErrors(page)) return
        form.setData(blank())
        onFiled?.()
      },
    })
  }
  return { form, submit }
}

/**
 * The page of a form filled on a phone beside a vehicle (an inspection, a vehicle check):
 * its intro, its form and the full-width submit at the foot (once there is something to
 * file), or, while the company has no vehicle, the way to add one. Its texts are
 * `<texts>.intro`, `<texts>.no_vehicles` and `<texts>.submit`.
 */
export function PhoneFormPage({
  texts,
  hasVehicles,
  phone,
  testId,
  submitTestId,
  canSubmit = true,
  children,
}: {
  texts: string
  hasVehicles: boolean
  phone: { form: { processing: boolean }; submit: (event: FormEvent) => void }
  testId: string
  submitTestId: string
  canSubmit?: boolean
  children: ReactNode
}) {
  const { t } = useI18n()
  const title = useRouteTitle()
  if (!hasVehicles) {
    return (
      <>
        <Head title={title} />
        <EmptyState
          title={t(`${texts}.no_vehicles`)}
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
      <p className="mb-6 text-sm text-slate-600">{t(`${texts}.intro`)}</p>
      <form onSubmit={phone.submit} noValidate className="space-y-8" data-testid={testId}>
        {children}
        {canSubmit && (
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={phone.form.processing}
            data-testid={submitTestId}
          >
            {t(`${texts}.submit`)}
          </Button>
        )}
      </form>
    </>
  )
}

/** The vehicle of a phone form: a select of the vehicles (name and plate), after an empty one. */
export function VehicleSelect({
  vehicles,
  ...select
}: ComponentProps<typeof SelectField> & {
  vehicles: { id: number; name: string; plate: string | null }[]
}) {
  return (
    <SelectField {...select}>
      <option value="">—</option>
      {vehicles.map((vehicle) => (
        <option key={vehicle.id} value={vehicle.id}>
          {vehicle.plate ? `${vehicle.name} (${vehicle.plate})` : vehicle.name}
        </option>
      ))}
    </SelectField>
  )
}

/** The driver of a phone form: a select of the drivers, after an empty one. */
export function DriverSelect({
  drivers,
  ...select
}: ComponentProps<typeof SelectField> & { drivers: { id: number; name: string }[] }) {
  return (
    <SelectField {...select}>
      <option value="">—</option>
      {drivers.map((driver) => (
        <option key={driver.id} value={driver.id}>
          {driver.name}
        </option>
      ))}
    </SelectField>
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
