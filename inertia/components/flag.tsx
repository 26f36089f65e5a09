import { clsx } from 'clsx'
import { useId } from 'react'
import { locales, type Locale } from '#shared/locales'

/**
 * A locale's flag as inline SVG (emoji flags do not render on every system,
 * Windows among them); the locale's emoji is the fallback for other codes.
 */
export function Flag({ code, className }: { code: Locale; className?: string }) {
  const id = useId()
  const classes = clsx(
    'h-3.5 w-5 shrink-0 rounded-[3px] shadow-[0_0_0_1px_rgb(15_23_42/0.12)]',
    className
  )

  if (code === 'en') {
    return (
      <svg
        viewBox="0 0 60 30"
        preserveAspectRatio="xMidYMid slice"
        className={classes}
        aria-hidden="true"
        focusable="false"
      >
        <clipPath id={`${id}-t`}>
          <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
        </clipPath>
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path
          d="M0 0l60 30m0-30L0 30"
          clipPath={`url(#${id}-t)`}
          stroke="#C8102E"
          strokeWidth="4"
        />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
      </svg>
    )
  }

  if (code === 'tr') {
    return (
      <svg
        viewBox="0 0 1200 800"
        preserveAspectRatio="xMidYMid slice"
        className={classes}
        aria-hidden="true"
        focusable="false"
      >
        <rect width="1200" height="800" fill="#E30A17" />
        <circle cx="425" cy="400" r="200" fill="#fff" />
        <circle cx="475" cy="400" r="160" fill="#E30A17" />
        <path fill="#fff" d="M583.3 400l180.9 58.8-111.8-153.9v190.2l111.8-153.9z" />
      </svg>
    )
  }

  const emoji = locales.find((entry) => entry.code === code)?.flag
  return (
    <span className="text-base leading-none" aria-hidden="true">
      {emoji}
    </span>
  )
}
