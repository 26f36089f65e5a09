import { Head } from '@inertiajs/react'
import type { ReactNode } from 'react'

/**
 * The one shell of a settings page: the document title, the heading, an optional intro and
 * the column its sections stack in.
 */
export function SettingsPage({
  title,
  intro,
  width = 'narrow',
  children,
}: {
  title: string
  intro?: ReactNode
  /** A form column (the default), or the whole width for side-by-side sections and tables. */
  width?: 'narrow' | 'full'
  children: ReactNode
}) {
  return (
    <>
      <Head title={title} />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <p className="mb-6 max-w-3xl text-sm text-slate-600">{intro}</p> : null}
      <div className={width === 'narrow' ? 'max-w-3xl space-y-6' : 'space-y-6'}>{children}</div>
    </>
  )
}
