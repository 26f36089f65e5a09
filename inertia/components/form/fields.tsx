import { clsx } from 'clsx'
import type { InertiaFormProps } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'

/**
 * The one set of form fields (site, sign-in, account and resource forms): a label
 * tied to its control, an optional hint, and the validation message linked with
 * aria-invalid and aria-describedby.
 */
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

/** name, checked state and change handler of a checkbox of an Inertia form. */
export function bindCheckbox<T extends Record<string, any>>(
  form: InertiaFormProps<T>,
  name: keyof T & string
) {
  const setFlag = form.setData as unknown as (key: string, value: boolean) => void
  return {
    name,
    checked: Boolean(form.data[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setFlag(name, event.target.checked),
  }
}

/** The first error of a field or of anything under it (`shape.points.0.1`). */
export function errorOf(errors: Record<string, string | undefined>, field: string) {
  if (errors[field]) return errors[field]
  const key = Object.keys(errors).find((name) => name.startsWith(`${field}.`))
  return key ? errors[key] : undefined
}

/**
 * value, error and change handler of a widget that hands its new value (not an event) to
 * onChange: choice lists, code pickers, score and pass/fail buttons, a signature pad. The
 * error is the field's or the first of its items (`device_ids.0`).
 */
export function bindValue<T extends Record<string, any>, K extends keyof T & string>(
  form: InertiaFormProps<T>,
  name: K
) {
  const setValue = form.setData as unknown as (key: string, value: T[K]) => void
  return {
    value: form.data[name] as T[K],
    error: errorOf(form.errors as Record<string, string | undefined>, name),
    onChange: (value: T[K]) => setValue(name, value),
  }
}

/** type, name, value, checked state and change handler of one radio button of a field. */
export function bindRadio<T extends Record<string, any>, K extends keyof T & string>(
  form: InertiaFormProps<T>,
  name: K,
  value: T[K] & string
) {
  const setValue = form.setData as unknown as (key: string, value: T[K]) => void
  return {
    type: 'radio' as const,
    name,
    value,
    checked: form.data[name] === value,
    onChange: () => setValue(name, value),
  }
}

/** name, error and change handler of a file input (the first chosen file, or null). */
export function bindFile<T extends Record<string, any>>(
  form: InertiaFormProps<T>,
  name: keyof T & string
) {
  const setFile = form.setData as unknown as (key: string, value: File | null) => void
  return {
    name,
    error: (form.errors as Record<string, string | undefined>)[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setFile(name, event.target.files?.[0] ?? null),
  }
}

const control = (error?: string) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30',
    error ? 'border-red-500' : 'border-slate-300'
  )

interface Common {
  label: string
  name: string
  error?: string
  hint?: string
  /** Shown beside the label of a field that is not required ("optional"). */
  optionalLabel?: string
  /** Marks a required field's label with an asterisk. */
  requiredMark?: boolean
  /** Classes of the field's wrapper (e.g. spanning the form grid). */
  className?: string
}

function FieldShell({
  id,
  label,
  name,
  error,
  hint,
  required,
  optionalLabel,
  requiredMark,
  className,
  children,
}: Omit<Common, 'name'> & { id: string; name: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={clsx('space-y-1', className)}>
      <label
        htmlFor={id}
        className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-700"
      >
        <span>
          {label}
          {required && requiredMark && <span className="text-red-600"> *</span>}
        </span>
        {!required && optionalLabel && (
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
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The control's accessibility and look, from the field's id, error and hint. */
function controlProps(id: string, name: string, error?: string, hint?: string) {
  return {
    'id': id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    'className': control(error),
  }
}

function split<T extends Common & { id?: string; required?: boolean }>(props: T) {
  const { label, name, error, hint, optionalLabel, requiredMark, className, id, ...input } = props
  const fieldId = id ?? `field-${name}`
  const shell = {
    id: fieldId,
    label,
    name,
    error,
    hint,
    optionalLabel,
    requiredMark,
    className,
    required: props.required,
  }
  return { shell, control: controlProps(fieldId, name, error, hint), input }
}

export function InputField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { shell, control: base, input } = split(props)
  return (
    <FieldShell {...shell}>
      <input {...base} {...input} />
    </FieldShell>
  )
}

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { shell, control: base, input } = split(props)
  return (
    <FieldShell {...shell}>
      <textarea rows={5} {...base} {...input} />
    </FieldShell>
  )
}

export function SelectField({
  options,
  children,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** The choices, when they are plain value/label pairs (else pass <option>s as children). */
    options?: { value: string; label: string }[]
  }) {
  const { shell, control: base, input } = split(props)
  return (
    <FieldShell {...shell}>
      <select {...base} {...input} className={clsx(base.className, 'pr-8')}>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </FieldShell>
  )
}

/** A checkbox with its label beside it (a setting switched on or off). */
export function CheckboxField({
  label,
  className,
  ...input
}: { label: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={clsx('flex items-center gap-2 text-sm text-slate-700', className)}>
      <input type="checkbox" className="h-4 w-4" {...input} />
      {label}
    </label>
  )
}

/** The full-width submit button of the sign-in and site forms: the one button, full width. */
export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Button type="submit" disabled={busy} className="w-full font-semibold">
      {children}
    </Button>
  )
}

export function FormAlert({
  message,
  tone,
}: {
  message: string | null
  tone: 'error' | 'success'
}) {
  if (!message) return null
  const colours =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-700'
      : 'border-emerald-200 bg-emerald-50 text-emerald-700'
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-3 py-2 text-sm ${colours}`}
      data-alert={tone}
    >
      {message}
    </div>
  )
}
