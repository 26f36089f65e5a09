import { clsx } from 'clsx'
import { useId } from 'react'

/** The FleetTrack mark: a location pin on a teal tile with a route line. */
export function LogoMark({ className }: { className?: string }) {
  const gradient = useId()
  return (
    <svg
      viewBox="0 0 32 32"
      className={clsx('size-8 shrink-0', className)}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          {/* brand-600 to brand-800 (inertia/css/app.css): the white pin keeps 5:1 and more. */}
          <stop offset="0" stopColor="#0f766e" />
          <stop offset="1" stopColor="#134e4a" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M6 25.5c3.5-2.2 6.4-2.4 9.4-1.2 3 1.2 6.2 1 10.6-1.8"
        fill="none"
        stroke="#ccfbf1"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeDasharray="0.1 3.2"
      />
      <path
        d="M16 5.5a6.8 6.8 0 0 0-6.8 6.8c0 5.1 6.8 11.7 6.8 11.7s6.8-6.6 6.8-11.7A6.8 6.8 0 0 0 16 5.5Zm0 9.4a2.6 2.6 0 1 1 0-5.2 2.6 2.6 0 0 1 0 5.2Z"
        fill="#fff"
      />
    </svg>
  )
}

/** Mark and wordmark. `tone="light"` for dark backgrounds. */
export function Logo({
  className,
  tone = 'dark',
  showWordmark = true,
  wordmarkClassName,
}: {
  className?: string
  tone?: 'dark' | 'light'
  showWordmark?: boolean
  /** For example responsive hiding of the wordmark. */
  wordmarkClassName?: string
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      {showWordmark && (
        <span
          className={clsx(
            'text-lg font-semibold tracking-tight',
            tone === 'dark' ? 'text-slate-900' : 'text-white',
            wordmarkClassName
          )}
        >
          Fleet
          <span className={tone === 'dark' ? 'text-brand-600' : 'text-brand-100'}>Track</span>
        </span>
      )}
    </span>
  )
}
