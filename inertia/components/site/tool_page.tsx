import type { ReactNode } from 'react'
import { Container } from '~/components/container'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'

/**
 * An internal tool page of the site (command builder, device profile): a GET form beside its
 * result, or a note while there is none. It works without JavaScript.
 */
export function ToolPage({
  title,
  lead,
  action,
  submit,
  fields,
  result,
  empty,
}: {
  title: string
  lead: string
  action: string
  submit: string
  fields: ReactNode
  result: ReactNode
  empty: string
}) {
  return (
    <>
      <Seo />
      <PageHero title={title} lead={lead} />
      <Container className="grid items-start gap-10 py-12 sm:py-16 lg:grid-cols-[22rem_1fr]">
        <form
          method="get"
          action={action}
          className="space-y-5 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          {fields}
          <Button type="submit">{submit}</Button>
        </form>
        {result ?? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-slate-600">
            {empty}
          </p>
        )}
      </Container>
    </>
  )
}
