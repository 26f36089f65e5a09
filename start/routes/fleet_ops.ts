/*
| Issue 30: inspections → issues → work orders. The checklist, inspections, issues and work
| orders are resources of the one machinery; the phone form and a work order's own page
| (parts, issues, transitions) have their controllers.
*/
import { resourceRoutes } from '#start/routes/resource_routes'
import { action, localized } from '#start/routes/localized'
import {
  inspectionItemsResource,
  inspectionsResource,
  issuesResource,
  workOrdersResource,
} from '#crud/resources/inspections'

const InspectionsController = () => import('#controllers/fleet/inspections_controller')
const WorkOrdersController = () => import('#controllers/fleet/work_orders_controller')

resourceRoutes('fleet.inspection-items', inspectionItemsResource)
resourceRoutes('fleet.inspections', inspectionsResource)
resourceRoutes('fleet.issues', issuesResource)
resourceRoutes('fleet.work-orders', workOrdersResource)

localized('get', 'forms.inspection', [InspectionsController, 'form'])
localized('post', 'forms.inspection', [InspectionsController, 'store'])
localized('get', 'fleet.work-orders.show', [WorkOrdersController, 'show'])
action('post', 'fleet.work-orders.transition', [WorkOrdersController, 'transition'])
action('post', 'fleet.work-orders.parts', [WorkOrdersController, 'addPart'])
action('delete', 'fleet.work-orders.part', [WorkOrdersController, 'removePart'])
action('post', 'fleet.work-orders.issues', [WorkOrdersController, 'attachIssue'])
action('delete', 'fleet.work-orders.issue', [WorkOrdersController, 'detachIssue'])
