import { Head } from '@inertiajs/react'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { ResourceTable, type ResourceTableProps } from '~/crud/resource_table'
import type { Lookup, Vehicle } from '~/crud/types'
import type { GridIssue } from '~/grid/types'
import { resourceClients } from '~/resources/index'
import type { ListPage, TableRow } from '#shared/table_query'
import type { Data } from '~generated/data'

/** What app/crud/resource_controller.ts renders: checked against it by `inertia.render`. */
type ResourceIndexProps = {
  resource: Data.Crud.Resource
  initial: ListPage<TableRow> | null
  issues: GridIssue[]
  preferences: { fields: string[]; perPage: number | null }
  lookups: Record<string, Lookup[]>
  vehicles: Vehicle[]
}

const plainClients = new Map<string, ResourceTableProps['client']>()

/**
 * The client extras of a resource, the same object on every render (a new one would redraw
 * every cell of the grid and lose the keyboard focus inside it).
 */
function clientOf(key: string): ResourceTableProps['client'] {
  const known = resourceClients[key]
  if (known) return known
  if (!plainClients.has(key)) plainClients.set(key, { key })
  return plainClients.get(key)!
}

/** Every resource page: its title and the one table machinery. */
export default function ResourceIndex({ resource, ...props }: ResourceIndexProps) {
  const title = useRouteTitle()
  const client = clientOf(resource.key)
  return (
    <>
      <Head title={title} />
      <PageHeader />
      <ResourceTable meta={resource} client={client} {...props} />
    </>
  )
}
