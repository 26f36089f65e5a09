import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { RouteName } from '#shared/route_table'
import { Button, type ButtonSize } from '~/components/ui/button'
import { RouteLink } from '~/lib/routes'

/** A button that is a link to a named route, with its icon before the label. */
export function RouteButton({
  route,
  icon: Icon,
  size,
  testId,
  children,
}: {
  route: RouteName
  icon: LucideIcon
  size: ButtonSize
  testId: string
  children: ReactNode
}) {
  return (
    <Button asChild size={size}>
      <RouteLink route={route} data-testid={testId}>
        <Icon className="size-4" aria-hidden="true" />
        {children}
      </RouteLink>
    </Button>
  )
}
