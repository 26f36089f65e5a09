import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { errors as vineErrors } from '@vinejs/vine'
import { hasRole } from '#policies/role_policy'
import type { ResourceDescriptor } from './resource.js'
import { ListQueryError, parseListParams, type ListParams } from './list_params.js'
import { listPage } from './list_query.js'
import { streamExport } from './export.js'
import { readPreferences, savePreferences } from './table_preferences.js'
import { formResourceKey } from './resource_helpers.js'

/**
 * The one controller behind every resource table: the page, its JSON data, one
 * record for the edit form, create/update/delete, export and the user's column
 * choice. Every query goes through the current company.
 */
export class ResourceController {
  constructor(
    private readonly resource: ResourceDescriptor,
    private readonly page: string = 'crud/resource_index'
  ) {}

  index = async (ctx: HttpContext) => {
    const { resource } = this
    const context = { companyId: ctx.company!.id }
    const preferences = await readPreferences(ctx.auth.user!.id, resource)
    const query = { ...ctx.request.qs() }
    if (!query.fields && preferences.fields.length > 0) query.fields = preferences.fields.join(',')
    if (!query.perPage && preferences.perPage) query.perPage = String(preferences.perPage)
    let initial = null
    let issues: { field: string; message: string }[] = []
    try {
      initial = await listPage(resource, parseListParams(resource, query), context)
    } catch (error) {
      if (!(error instanceof ListQueryError)) throw error
      issues = this.messages(ctx, error)
    }
    const props = {
      resource: {
        key: resource.key,
        columns: Object.entries(resource.columns).map(([name, spec]) => ({
          name,
          kind: spec.kind,
          sortable: spec.sortable ?? false,
          filterable: spec.filterable ?? false,
          enumValues: spec.enumValues ? [...spec.enumValues] : null,
        })),
        defaultFields: resource.defaultFields,
        defaultSort: resource.defaultSort,
        hasDateRange: Boolean(resource.dateColumn),
        hasDeviceFilter: Boolean(resource.deviceColumn),
        hasSearch: Boolean(resource.searchColumns?.length),
        labelColumn: resource.labelColumn,
        canWrite: Boolean(resource.write && hasRole(ctx, resource.write.role)),
      },
      initial,
      issues,
      preferences,
      lookups: resource.lookups ? await resource.lookups(db.connection(), context) : {},
      vehicles: resource.deviceColumn ? await this.vehicles(ctx) : [],
    }
    // Rows are whatever the resource's columns hold: typed on the page (inertia/crud/types.ts).
    return ctx.inertia.render(this.page as 'crud/resource_index', props as never)
  }

  data = async (ctx: HttpContext) => {
    const params = this.params(ctx)
    if (!params) return
    return listPage(this.resource, params, { companyId: ctx.company!.id })
  }

  export = async (ctx: HttpContext) => {
    const params = this.params(ctx)
    if (!params) return
    const format = ctx.request.input('format') === 'xlsx' ? 'xlsx' : 'csv'
    const { meta } = await listPage(
      this.resource,
      { ...params, page: 1, perPage: 1 },
      {
        companyId: ctx.company!.id,
      }
    )
    return streamExport(ctx, this.resource, params, format, meta.total)
  }

  show = async (ctx: HttpContext) => {
    const row = await this.find(ctx)
    return row
  }

  store = async (ctx: HttpContext) => {
    const write = this.writable(ctx)
    if (!write) return
    formResourceKey.set(ctx, this.resource.key)
    const values = await write.validate(ctx, ctx.request.all(), null)
    try {
      await db.transaction(async (trx) => {
        const now = new Date()
        const [row] = await trx
          .table(this.resource.table)
          .insert({ ...values, company_id: ctx.company!.id, created_at: now, updated_at: now })
          .returning('*')
        await write.afterWrite?.(trx, row)
      })
    } catch (error) {
      return this.failed(ctx, 'messages.record.create_failed', error)
    }
    ctx.session.flash('success', ctx.i18n.t('messages.record.created'))
    return ctx.response.redirect().back()
  }

  update = async (ctx: HttpContext) => {
    const write = this.writable(ctx)
    if (!write) return
    const existing = await this.find(ctx)
    formResourceKey.set(ctx, this.resource.key)
    const values = await write.validate(ctx, ctx.request.all(), Number(existing.id))
    try {
      await db.transaction(async (trx) => {
        const [row] = await trx
          .from(this.resource.table)
          .where('id', existing.id as number)
          .where('company_id', ctx.company!.id)
          .update({ ...values, updated_at: new Date() })
          .returning('*')
        await write.afterWrite?.(trx, existing)
        await write.afterWrite?.(trx, row)
      })
    } catch (error) {
      return this.failed(ctx, 'messages.record.update_failed', error)
    }
    ctx.session.flash('success', ctx.i18n.t('messages.record.updated'))
    return ctx.response.redirect().back()
  }

  destroy = async (ctx: HttpContext) => {
    const write = this.writable(ctx)
    if (!write) return
    const existing = await this.find(ctx)
    try {
      await db.transaction(async (trx) => {
        await trx
          .from(this.resource.table)
          .where('id', existing.id as number)
          .where('company_id', ctx.company!.id)
          .delete()
        await write.afterWrite?.(trx, existing)
      })
    } catch (error) {
      ctx.session.flash(
        'error',
        ctx.i18n.t('messages.record.delete_failed', { error: (error as Error).message })
      )
      return ctx.response.redirect().back()
    }
    ctx.session.flash('success', ctx.i18n.t('messages.record.deleted'))
    return ctx.response.redirect().back()
  }

  preferences = async (ctx: HttpContext) => {
    const fields = String(ctx.request.input('fields', ''))
      .split(',')
      .filter((field) => this.resource.columns[field])
    const perPage = Number(ctx.request.input('perPage')) || null
    await savePreferences(ctx.auth.user!.id, this.resource, fields, perPage)
    return ctx.response.noContent()
  }

  /** A record of the current company, or the fatal 404. */
  private async find(ctx: HttpContext): Promise<Record<string, unknown>> {
    const id = Number(ctx.params.id)
    return db
      .from(this.resource.table)
      .where('id', Number.isInteger(id) ? id : 0)
      .where('company_id', ctx.company!.id)
      .firstOrFail()
  }

  private writable(ctx: HttpContext) {
    const write = this.resource.write
    if (!write) {
      ctx.response.methodNotAllowed()
      return null
    }
    if (!hasRole(ctx, write.role)) {
      if (ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')) {
        ctx.response.forbidden({ error: ctx.i18n.t('messages.unauthorized') })
      } else {
        ctx.session.flash('error', ctx.i18n.t('messages.unauthorized'))
        ctx.response.redirect().back()
      }
      return null
    }
    return write
  }

  private failed(ctx: HttpContext, key: string, error: unknown) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) throw error
    ctx.logger.error({ err: error }, `${this.resource.key} write failed`)
    ctx.session.flash('error', `${ctx.i18n.t(key)} ${(error as Error).message}`)
    return ctx.response.redirect().back()
  }

  private params(ctx: HttpContext): ListParams | null {
    try {
      return parseListParams(this.resource, ctx.request.qs())
    } catch (error) {
      if (!(error instanceof ListQueryError)) throw error
      ctx.response.unprocessableEntity({ errors: this.messages(ctx, error) })
      return null
    }
  }

  private messages(ctx: HttpContext, error: ListQueryError) {
    return error.issues.map((issue) => ({
      field: issue.field,
      message: ctx.i18n.t(`messages.table.${issue.key}`, issue.values ?? {}),
    }))
  }

  private async vehicles(ctx: HttpContext) {
    return db
      .from('devices')
      .where('company_id', ctx.company!.id)
      .select('id', 'name', 'plate', 'imei')
      .orderBy('name')
  }
}
