import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A list of fixed-height rows that renders only the rows in view (plus a few), so a fleet of
 * thousands scrolls as lightly as ten. The server renders the first screenful.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
  className,
  overscan = 8,
  testId,
}: {
  items: T[]
  rowHeight: number
  getKey: (item: T) => string | number
  renderRow: (item: T, index: number) => ReactNode
  label: string
  className?: string
  overscan?: number
  testId?: string
}) {
  const container = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(720)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  const visible = items.slice(first, last)

  return (
    <div
      ref={container}
      className={className}
      style={{ overflowY: 'auto' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={testId}
    >
      <ul aria-label={label} className="relative" style={{ height: items.length * rowHeight }}>
        {visible.map((item, offset) => {
          const index = first + offset
          return (
            <li
              key={getKey(item)}
              className="absolute inset-x-0"
              style={{ top: index * rowHeight, height: rowHeight }}
              aria-setsize={items.length}
              aria-posinset={index + 1}
            >
              {renderRow(item, index)}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
