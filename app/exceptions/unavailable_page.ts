import type { HttpContext } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import { localPathOr } from '#services/local_path'

/** Seconds after which the 503 page reloads itself and clients may retry. */
export const RETRY_AFTER_SECONDS = 5

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )
}

/**
 * 503 while the database is away. A plain page with no asset, no Inertia and no query
 * (everything else needs the database), in the visitor's language; it reloads itself.
 */
export function renderUnavailable(ctx: HttpContext, i18n: I18n) {
  const { response, request } = ctx
  if (request.header('x-inertia')) {
    // An Inertia visit expects a page object: make the browser load the address in full,
    // which then shows the page below.
    return response
      .status(409)
      .header('X-Inertia-Location', localPathOr(request.url(true), '/'))
      .send('')
  }
  response.status(503)
  response.header('Retry-After', String(RETRY_AFTER_SECONDS))
  response.header('Cache-Control', 'no-store')
  if (request.accepts(['html', 'json']) === 'json') {
    return response.send({ error: i18n.t('availability.short') })
  }
  const title = escapeHtml(i18n.t('availability.title'))
  const message = escapeHtml(i18n.t('availability.message'))
  const retry = escapeHtml(i18n.t('availability.retry'))
  const html = `<!doctype html>
<html lang="${escapeHtml(i18n.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937}h1{font-size:1.5rem}a{color:#2563eb}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
<p><a href="">${retry}</a></p>
</main>
</body>
</html>`
  return response.type('text/html').send(html)
}
