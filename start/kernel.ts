import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Session, language, user and Inertia run for every request, matched or not,
 * so that the 404 page is in the visitor's language and knows who they are;
 * only a cached public page for a visitor without a session is answered first.
 */
server.use([
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/request_scope_middleware'),
  () => import('#middleware/compressed_html_middleware'),
  () => import('#middleware/cached_page_middleware'),
  () => import('#middleware/precompressed_assets_middleware'),
  () => import('@adonisjs/static/static_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('#middleware/locale_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/current_company_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/body_text_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
  () => import('#middleware/route_access_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  heavy: () => import('#middleware/heavy_request_middleware'),
})
