import { Head } from '@inertiajs/react'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { ResourceTable, type ResourceTableProps } from '~/crud/resource_table'
import { resourceClients } from '~/resources/index'

type ResourceIndexProps = Omit<ResourceTableProps, 'meta' | 'client' | 'toolbar'> & {
  resource: ResourceTableProps['meta']
}

/** Every resource page: its title and the one table machinery. */
export default function ResourceIndex({ resource, ...props }: ResourceIndexProps) {
  const title = useRouteTitle()
  const client = resourceClients[resource.key] ?? { key: resource.key }
  return (
    <>
      <Head title={title} />
      <PageHeader />
      <ResourceTable meta={resource} client={client} {...props} />
    </>
  )
}
