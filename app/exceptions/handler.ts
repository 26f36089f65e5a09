import app from '@adonisjs/core/services/app'
import { errors as coreErrors } from '@adonisjs/core'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import i18nManager from '@adonisjs/i18n/services/main'
import { localeFromPath } from '#shared/locales'
import { clientDatabaseError } from '#exceptions/database_errors'
import { isDatabaseUnavailable } from '#exceptions/database_unavailable'
import { renderUnavailable } from '#exceptions/unavailable_page'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { answerRefusal } from '#exceptions/refusal'
import { answerApiError, isApiRequest } from '#exceptions/api_errors'
import { errorPageForPage } from '#transformers/errors/error_page_transformer'

const CRAWLER =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|lighthouse|headless/i

/**
 * Spec §8: an unmatched path answers 404 "Page not found: {path}"; a page whose
 * record does not exist (or belongs to another company) answers 404 "Page Not
 * Found: {path}"; anything unhandled shows the error page with its message.
 * Crawlers get the status and a plain line, never the error page.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction && !app.inTest
  protected renderStatusPages = false

  async handle(error: unknown, ctx: HttpContext) {
    const path = ctx.request.url()
    const i18n = ctx.i18n ?? i18nManager.locale(localeFromPath(path))

    if ((error as { code?: string })?.code === 'E_BAD_CSRF_TOKEN' && ctx.session) {
      ctx.session.flash('error', i18n.t('messages.errors.csrf'))
      return ctx.response.redirect().back()
    }

    if (isDatabaseUnavailable(error)) return renderUnavailable(ctx, i18n)

    // Under /api every error is JSON (404, 405, 422, 500), never the HTML page.
    if (isApiRequest(ctx) && !(error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE)) {
      return answerApiError(error, ctx, i18n, { production: app.inProduction })
    }

    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
      return answerRefusal(ctx, error.response.translation?.identifier)
    }

    let status: number | null = null
    let message = ''
    const databaseError = clientDatabaseError(error)
    if (databaseError) {
      status = databaseError.status
      message = i18n.t(databaseError.key)
    } else if (error instanceof coreErrors.E_ROUTE_NOT_FOUND) {
      status = 404
      message = i18n.t('messages.errors.page_not_found', { path })
    } else if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
      status = 404
      message = i18n.t('messages.errors.page_not_found_fatal', { path })
    } else if (this.isUnhandled(error)) {
      status = 500
      message = app.inProduction
        ? i18n.t('messages.errors.unexpected')
        : (error as Error)?.message || i18n.t('messages.errors.unexpected')
    }
    if (status === null) return super.handle(error, ctx)

    if (CRAWLER.test(ctx.request.header('user-agent') ?? '')) {
      return ctx.response.status(status).type('text/plain').send(message)
    }
    if (ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')) {
      return ctx.response.status(status).send({ error: message })
    }
    if (!ctx.inertia) return ctx.response.status(status).type('text/plain').send(message)
    ctx.response.status(status)
    const page = status === 404 ? 'errors/not_found' : 'errors/server_error'
    return ctx.response.send(await ctx.inertia.render(page, errorPageForPage({ status, message })))
  }

  async report(error: unknown, ctx: HttpContext) {
    if (isDatabaseUnavailable(error)) {
      // One line, no stack: while the database is away every request would log one.
      return ctx.logger.warn({ code: (error as { code?: string }).code }, 'database unavailable')
    }
    if (clientDatabaseError(error)) {
      const code = (error as { code: string }).code
      ctx.logger.warn({ code }, 'request refused by the database: %s', (error as Error).message)
      return
    }
    return super.report(error, ctx)
  }

  /** A logged error names the request it broke: method and path, next to the request id. */
  protected context(ctx: HttpContext) {
    return { ...super.context(ctx), method: ctx.request.method(), path: ctx.request.url() }
  }

  private isUnhandled(error: unknown) {
    const status = (error as { status?: number })?.status
    return status === undefined || status >= 500
  }
}
