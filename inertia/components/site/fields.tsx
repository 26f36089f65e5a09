import { clsx } from 'clsx'
import type { InertiaFormProps } from '@inertiajs/react'
import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { useI18n } from '~/lib/i18n'

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** name, value, change handler and error of a text field of an Inertia form. */
export function bindField<T extends Record<string, any>>(
  form: InertiaFormProps<T>,
  name: keyof T & string
) {
  const setText = form.setData as unknown as (key: string, value: string) => void
  return {
    name,
    value: String(form.data[name] ?? ''),
    error: (form.errors as Record<string, string | undefined>)[name],
    onChange: (event: ChangeEvent<FieldElement>) => setText(name, event.target.value),
  }
}

const control = (error?: string) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30',
    error ? 'border-red-500' : 'border-slate-300'
  )

function FieldShell({
  id,
  label,
  error,
  hint,
  optional,
  optionalLabel,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  optional?: boolean
  optionalLabel?: string
  children: ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <label
        htmlFor={id}
        className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-700"
      >
        <span>{label}</span>
        {optional && optionalLabel && (
          <span className="text-xs font-normal text-slate-400">{optionalLabel}</span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600" data-field-error={id}>
          {error}
        </p>
      )}
    </div>
  )
}

type Common = {
  label: string
  name: string
  error?: string
  hint?: string
  optionalLabel?: string
}

function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}

export function InputField({
  label,
  name,
  error,
  hint,
  optionalLabel,
  id,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? `field-${name}`
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      optional={!input.required}
      optionalLabel={optionalLabel}
    >
      <input
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={control(error)}
        {...input}
      />
    </FieldShell>
  )
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  optionalLabel,
  id,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? `field-${name}`
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      optional={!input.required}
      optionalLabel={optionalLabel}
    >
      <textarea
        id={fieldId}
        name={name}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={control(error)}
        {...input}
      />
    </FieldShell>
  )
}

export function SelectField({
  label,
  name,
  error,
  hint,
  optionalLabel,
  id,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const fieldId = id ?? `field-${name}`
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      optional={!input.required}
      optionalLabel={optionalLabel}
    >
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={clsx(control(error), 'pr-8')}
        {...input}
      >
        {children}
      </select>
    </FieldShell>
  )
}

/**
 * The field bots fill in and people never see (off-screen, skipped by keyboard and screen
 * readers). A filled one makes the server answer "sent" and keep nothing.
 */
export function Honeypot({
  name,
  value,
  onChange,
  form,
}: Omit<ReturnType<typeof bindField>, 'error'> & {
  /** Which form it belongs to, for a unique id. */
  form: string
}) {
  const { t } = useI18n()
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${form}-${name}`}>{t('site.forms.honeypot')}</label>
      <input
        id={`${form}-${name}`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  )
}
