import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

const focusable = 'button, a[href], input, select, textarea, [tabindex]'

function itemsOf(container: HTMLElement | null): HTMLElement[] {
  if (!container) return []
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => !element.hasAttribute('disabled')
  )
}

/** Focuses the first action of a row's actions cell; false when it has none. */
export function focusFirstAction(cell: HTMLElement): boolean {
  const first = itemsOf(cell.querySelector<HTMLElement>('[data-row-actions]'))[0]
  first?.focus()
  return Boolean(first)
}

/**
 * The actions of one row (edit, delete and the resource's own). The grid is crossed with the
 * arrow keys and left with one Tab, so the actions are not Tab stops of their own: Enter on the
 * focused actions cell moves into it, the arrow keys move between the actions, Escape goes back
 * to the cell, and Tab leaves the grid.
 */
export function RowActionsCell({
  label,
  cell,
  children,
}: {
  label: string
  cell: HTMLElement
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    for (const element of itemsOf(ref.current)) element.tabIndex = -1
  })

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemsOf(ref.current)
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (index === -1) return
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault()
      const next = index + (event.key === 'ArrowRight' ? 1 : -1)
      items[(next + items.length) % items.length].focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cell.focus()
    }
  }

  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      data-row-actions
      className="flex h-full items-center gap-1"
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  )
}

/** Keys the grid leaves to an action that has focus (so Enter presses it and Tab leaves). */
export function keyBelongsToAction(event: KeyboardEvent | globalThis.KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null
  return Boolean(
    target && !target.classList.contains('ag-cell') && target.closest('[data-row-actions]')
  )
}
