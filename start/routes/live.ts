/*
| The live back office: live map, vehicle detail (and its commands), history and its
| exports. The dashboard ('backend') is registered in start/routes.ts with
| #controllers/live/dashboard_controller.
*/
import { action, localized } from '#start/routes/localized'

const LiveMapController = () => import('#controllers/live/live_map_controller')
const AssetsController = () => import('#controllers/live/assets_controller')
const HistoryController = () => import('#controllers/live/history_controller')

localized('get', 'live', [LiveMapController, 'show'])
action('get', 'live.fleet', [LiveMapController, 'fleet'])

localized('get', 'assets.show', [AssetsController, 'show'])
action('post', 'assets.commands', [AssetsController, 'command'])
action('get', 'assets.place', [AssetsController, 'place'])

localized('get', 'history', [HistoryController, 'show'])
localized('get', 'history', [HistoryController, 'exportGpx'], '/export.gpx')
localized('get', 'history', [HistoryController, 'exportKml'], '/export.kml')
localized('get', 'history', [HistoryController, 'exportCsv'], '/export.csv')
