import { clsx } from 'clsx'
import { Check } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { ComponentProps } from 'react'
import { dropdownItemClasses } from './dropdown_classes'

/**
 * Styled pieces of Radix's dropdown menu (keyboard navigation, focus handling,
 * typeahead and Escape come from Radix). Content renders in a portal, on the
 * client only, so the closed menu is SSR-safe.
 */
export const Dropdown = DropdownMenu.Root
export const DropdownTrigger = DropdownMenu.Trigger
export const DropdownGroup = DropdownMenu.Group
export const DropdownRadioGroup = DropdownMenu.RadioGroup

export function DropdownContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={clsx(
          'z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-slate-700 shadow-lg shadow-slate-900/10 outline-none',
          className
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  )
}

export { dropdownItemClasses }

export function DropdownItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={clsx(dropdownItemClasses, className)} {...props} />
}

/** A choice of a radio group: the chosen one shows a check mark and aria-checked. */
export function DropdownRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem
      className={clsx(dropdownItemClasses, 'pr-8 data-[state=checked]:font-medium', className)}
      {...props}
    >
      {children}
      <DropdownMenu.ItemIndicator className="absolute right-2.5 inline-flex text-brand-600">
        <Check className="size-4" aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  )
}

export function DropdownLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={clsx(
        'px-2.5 pt-2 pb-1 text-xs font-medium tracking-wide text-slate-500 uppercase',
        className
      )}
      {...props}
    />
  )
}

export function DropdownSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={clsx('my-1 h-px bg-slate-100', className)} {...props} />
}
