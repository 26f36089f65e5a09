import { Link, usePage } from '@inertiajs/react'
import { useCallback, type ComponentProps } from 'react'
import { pathFor, type RouteName, type RouteParams } from '#shared/route_table'
import { actionPath, type ActionName } from '#shared/action_routes'
import type { SharedProps } from '~/types'

/** Builds the path of a named route in the page's language. */
export function useRoute() {
  const { locale } = usePage<SharedProps>().props
  return useCallback(
    (name: RouteName, params?: RouteParams) => pathFor(name, locale, params),
    [locale]
  )
}

/** Builds the URL of a named action (what a form or button posts to) in the page's language. */
export function useAction() {
  const { locale } = usePage<SharedProps>().props
  return useCallback(
    (name: ActionName, params?: RouteParams) => actionPath(name, locale, params),
    [locale]
  )
}

type RouteLinkProps = Omit<ComponentProps<typeof Link>, 'href'> & {
  route: RouteName
  params?: RouteParams
}

/** An Inertia link to a named route of the route table, in the current language. */
export function RouteLink({ route, params, ...props }: RouteLinkProps) {
  const path = useRoute()
  return <Link href={path(route, params)} {...props} />
}
