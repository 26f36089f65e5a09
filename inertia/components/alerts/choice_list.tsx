import { clsx } from 'clsx'

/** A labelled group of checkboxes (vehicles, groups, alarm codes, channels). */
export function ChoiceList<V extends string | number = string>({
  legend,
  name,
  options,
  value: selected,
  onChange,
  error,
  columns = 2,
  maxHeight = true,
  disabled,
}: {
  legend: string
  name: string
  options: { value: V; label: string }[]
  value: V[]
  onChange: (values: V[]) => void
  error?: string
  columns?: 1 | 2 | 3
  maxHeight?: boolean
  disabled?: boolean
}) {
  const toggle = (value: V, checked: boolean) =>
    onChange(checked ? [...selected, value] : selected.filter((item) => item !== value))
  return (
    <fieldset className="space-y-1" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div
        className={clsx(
          'grid gap-1 rounded-lg border border-slate-200 bg-white p-2',
          columns === 1 ? 'grid-cols-1' : columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3',
          maxHeight && 'max-h-48 overflow-y-auto',
          error && 'border-red-500'
        )}
      >
        {options.map((option) => (
          <label
            key={String(option.value)}
            className="flex items-center gap-2 text-sm text-slate-700"
          >
            <input
              type="checkbox"
              name={`${name}[]`}
              value={option.value}
              checked={selected.includes(option.value)}
              disabled={disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p
          id={`${name}-error`}
          role="alert"
          className="text-sm text-red-600"
          data-field-error={name}
        >
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** Kept here for the pages that import it with the choice list. */
export { errorOf } from '~/components/form/fields'
