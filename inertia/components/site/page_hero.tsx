import type { ReactNode } from 'react'
import { Breadcrumb } from '~/components/breadcrumb'
import { Container } from '~/components/container'

/** The top of a public page: breadcrumb, eyebrow, title and lead on a soft brand wash. */
export function PageHero({
  title,
  lead,
  eyebrow,
  crumb,
  children,
}: {
  title: string
  lead?: ReactNode
  eyebrow?: string
  /** The last crumb's label when it is not the route's title (a post's name). */
  crumb?: string
  children?: ReactNode
}) {
  return (
    <section className="relative isolate overflow-hidden border-b border-slate-100 bg-gradient-to-b from-brand-50/70 via-white to-white">
      <div
        className="pointer-events-none absolute inset-0 -z-10 [background-image:radial-gradient(circle_at_1px_1px,rgb(15_118_110/0.09)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent)]"
        aria-hidden="true"
      />
      <Container className="py-10 sm:py-14">
        <Breadcrumb currentLabel={crumb} />
        {eyebrow && (
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {eyebrow}
          </p>
        )}
        <h1
          className={`${eyebrow ? 'mt-2' : 'mt-6'} max-w-3xl text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl`}
        >
          {title}
        </h1>
        {lead && <div className="mt-4 max-w-2xl text-lg/8 text-pretty text-slate-600">{lead}</div>}
        {children}
      </Container>
    </section>
  )
}

/** A section heading with an optional eyebrow and lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
}: {
  id?: string
  eyebrow?: string
  title: string
  lead?: ReactNode
  align?: 'left' | 'center'
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg/8 text-pretty text-slate-600">{lead}</p>}
    </div>
  )
}
