import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { isRecordId } from '#shared/record_id'
import { memberOf } from '#abilities/member'
import { deviceGroupsOf, visibleVehiclesOnly } from '#abilities/vehicle_scope'
import type { ListContext, ResourceDescriptor } from './resource.js'
import { ListQueryError, type ListParams } from './list_params.js'
import { readListParams } from './list_checks.js'
import { listPage } from './list_query.js'
import { streamExport } from './export.js'
import {
  preferencesAcceptable,
  preferencesInput,
  readPreferences,
  savePreferences,
} from './table_preferences.js'
import { failureReason } from './write_errors.js'
import { removeUploads, sendUpload } from './files.js'
import { recordForForm, resourceForPage } from '#transformers/crud/resource_transformer'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** The company, member, what the policy layer allows them and time zone a list is read for. */
async function listContext(ctx: HttpContext): Promise<ListContext> {
  return {
    companyId: ctx.company!.id,
    userId: ctx.auth.user?.id,
    deviceGroupIds: deviceGroupsOf(await memberOf(ctx)),
    can: { seeEveryonesRequests: await ctx.bouncer.allows('seeEveryonesRequests') },
    timeZone: ctx.auth.user?.timezone,
  }
}

/**
 * The record `id` of `resource` when the member reads it (the current company, their vehicle
 * groups and drivers, their own rows); otherwise the fatal 404, like another company's record.
 * For the pages and actions beside the table (a work order's page, a decision).
 */
export async function findVisibleRecord(
  ctx: HttpContext,
  resource: ResourceDescriptor,
  id: unknown
): Promise<Record<string, unknown>> {
  const recordId = isRecordId(id) ? Number(id) : 0
  return resource
    .query(db.connection(), await listContext(ctx))
    .where(`${resource.table}.id`, recordId)
    .select(`${resource.table}.id`)
    .firstOrFail()
}

/**
 * The one controller behind every resource table: the page, its JSON data, one
 * record for the edit form, create/update/delete, export and the user's column
 * choice. Every query goes through the current company.
 */
export class ResourceController {
  constructor(private readonly resource: ResourceDescriptor) {}

  index = async (ctx: HttpContext) => {
    const resource = await this.resourceFor(ctx)
    const context = await listContext(ctx)
    const preferences = await readPreferences(ctx.auth.user!.id, resource)
    const query = { ...ctx.request.qs() }
    if (!query.fields && preferences.fields.length > 0) query.fields = preferences.fields.join(',')
    if (!query.perPage && preferences.perPage) query.perPage = String(preferences.perPage)
    let initial = null
    let issues: { field: string; message: string }[] = []
    try {
      initial = await listPage(
        resource,
        await readListParams(resource, query, context.timeZone),
        context
      )
    } catch (error) {
      if (!(error instanceof ListQueryError)) throw error
      issues = this.messages(ctx, error, resource)
    }
    const canWrite = Boolean(resource.write && (await ctx.bouncer.allows(resource.write.ability)))
    const canCreate = Boolean(
      resource.write &&
      (await ctx.bouncer.allows(resource.write.createAbility ?? resource.write.ability))
    )
    const props = {
      resource: resourceForPage(resource, canWrite, canCreate),
      initial,
      issues,
      preferences,
      lookups: canCreate ? await resource.lookups(db.connection(), context) : {},
      vehicles: resource.deviceColumn ? await this.vehicles(ctx) : [],
    }
    return ctx.inertia.render('crud/resource_index', props)
  }

  data = async (ctx: HttpContext) => {
    const resource = await this.resourceFor(ctx)
    const params = await this.params(ctx, resource)
    if (!params) return
    return listPage(resource, params, await listContext(ctx))
  }

  export = async (ctx: HttpContext) => {
    const resource = await this.resourceFor(ctx)
    const params = await this.params(ctx, resource)
    if (!params) return
    const format = ctx.request.input('format') === 'xlsx' ? 'xlsx' : 'csv'
    const context = await listContext(ctx)
    const { meta } = await listPage(resource, { ...params, page: 1, perPage: 1 }, context)
    return streamExport(ctx, resource, params, format, meta.total, context)
  }

  /** One record for the edit form, through the transformer (never the whole row). */
  show = async (ctx: HttpContext) => {
    const model = this.resource.write?.model
    // Read-only resources (positions) have no form to fill.
    if (!model) return this.notFound(ctx)
    return recordForForm(await this.resourceFor(ctx), await this.find(ctx, model))
  }

  store = async (ctx: HttpContext) => {
    const write = await this.writable(ctx, 'create')
    if (!write) return
    const values = await write.validate(ctx, ctx.request.all(), null)
    return this.commit(
      ctx,
      'created',
      async (trx) => {
        const record = new write.model()
        record.useTransaction(trx)
        record.merge({ ...write.attributes(values), companyId: ctx.company!.id })
        await record.save()
        await write.afterWrite?.(trx, record.$attributes)
      },
      // Files stored for a record that could not be written are removed.
      { failed: () => removeUploads(this.uploadedKeys(values)) }
    )
  }

  update = async (ctx: HttpContext) => {
    const write = await this.writable(ctx)
    if (!write) return
    const existing = await this.find(ctx, write.model)
    const values = await write.validate(ctx, ctx.request.all(), Number(existing.$primaryKeyValue))
    const before = { ...existing.$attributes }
    return this.commit(
      ctx,
      'updated',
      async (trx) => {
        existing.useTransaction(trx)
        existing.merge(write.attributes(values))
        await existing.save()
        await write.afterWrite?.(trx, before)
        await write.afterWrite?.(trx, existing.$attributes)
      },
      {
        // A replaced file is removed once the new one is recorded; a new one that could not
        // be recorded is removed.
        committed: () =>
          removeUploads(
            this.fileKeys(before).filter(
              (key) => !this.fileKeys(existing.$attributes).includes(key)
            )
          ),
        failed: () => removeUploads(this.uploadedKeys(values)),
      }
    )
  }

  destroy = async (ctx: HttpContext) => {
    const write = await this.writable(ctx)
    if (!write) return
    const existing = await this.find(ctx, write.model)
    return this.commit(
      ctx,
      'deleted',
      async (trx) => {
        existing.useTransaction(trx)
        await existing.delete()
        await write.afterWrite?.(trx, existing.$attributes)
      },
      { committed: () => removeUploads(this.fileKeys(existing.$attributes)) }
    )
  }

  /** A record's file (`/:id/files/:field`), to members of the owning company only; else 404. */
  file = async (ctx: HttpContext) => {
    const model = this.resource.write?.model
    const field = String(ctx.params.field)
    const spec = this.resource.fileFields.includes(field) ? this.resource.fields[field] : null
    if (!model || !spec) return this.notFound(ctx)
    const record = await this.find(ctx, model)
    const column = spec.column ?? field
    const key = record.$attributes[model.$keys.columnsToAttributes.get(column) ?? column]
    if (typeof key !== 'string' || !(await sendUpload(ctx, key))) return this.notFound(ctx)
  }

  preferences = async (ctx: HttpContext) => {
    if (!preferencesAcceptable(ctx.request.input('fields'), ctx.request.input('perPage'))) {
      return ctx.response.unprocessableEntity({
        errors: [{ field: 'fields', message: ctx.i18n.t('crud.table.preferences_invalid') }],
      })
    }
    const { fields, perPage } = preferencesInput(
      this.resource,
      ctx.request.input('fields'),
      ctx.request.input('perPage')
    )
    await savePreferences(ctx.auth.user!.id, this.resource, fields, perPage)
    return ctx.response.noContent()
  }

  /**
   * The resource as this member may see it: without its personal fields unless the policy
   * layer gives them the HR right (absent from page, data, form, export and search alike),
   * or with them on their own record only when the resource holds one of theirs.
   */
  private async resourceFor(ctx: HttpContext): Promise<ResourceDescriptor> {
    if (this.resource.withoutPersonalData === this.resource) return this.resource
    if (await ctx.bouncer.allows('viewPersonalData')) return this.resource
    // A driver's own member reads the personal fields of their own record, nobody else's.
    const own = this.resource.withOwnPersonalData
    const userId = ctx.auth.user?.id
    if (
      own &&
      userId !== undefined &&
      (await this.resource.ownsRecord?.(db.connection(), ctx.company!.id, userId))
    ) {
      return own(userId)
    }
    return this.resource.withoutPersonalData
  }

  /** A record of the current company, or the fatal 404. */
  private async find(ctx: HttpContext, model: LucidModel): Promise<LucidRow> {
    const id = isRecordId(ctx.params.id) ? Number(ctx.params.id) : 0
    const context = await listContext(ctx)
    // A record of a vehicle outside the member's groups is not theirs to read: the same 404.
    if (context.deviceGroupIds && (this.resource.deviceColumn || this.resource.driverColumn)) {
      const { table } = this.resource
      await this.resource.query(db.connection(), context).where(`${table}.id`, id).firstOrFail()
    }
    return model.query().where('id', id).where('company_id', ctx.company!.id).firstOrFail()
  }

  /** The keys of files a write's validated values carry (stored columns). */
  private uploadedKeys(values: Record<string, unknown>): string[] {
    return this.resource.fileFields
      .map((name) => values[this.resource.fields[name].column ?? name])
      .filter((key): key is string => typeof key === 'string' && key.length > 0)
  }

  /** The stored keys of a record's files (attributes as the model holds them). */
  private fileKeys(attributes: Record<string, unknown>): string[] {
    const model = this.resource.write!.model
    return this.resource.fileFields
      .map((name) => {
        const column = this.resource.fields[name].column ?? name
        return attributes[model.$keys.columnsToAttributes.get(column) ?? column]
      })
      .filter((key): key is string => typeof key === 'string' && key.length > 0)
  }

  private notFound(ctx: HttpContext) {
    return ctx.response.notFound({
      error: ctx.i18n.t('messages.errors.page_not_found', { path: ctx.request.url() }),
    })
  }

  private async writable(ctx: HttpContext, operation: 'create' | 'change' = 'change') {
    const resource = await this.resourceFor(ctx)
    const write = resource.write
    if (!write) {
      ctx.response.methodNotAllowed()
      return null
    }
    await ctx.bouncer.authorize(
      operation === 'create' ? (write.createAbility ?? write.ability) : write.ability
    )
    return write
  }

  /**
   * Runs a write in a transaction and answers with the spec's message: success, or
   * the failure with a localized reason (the database's own text is only logged).
   */
  private async commit(
    ctx: HttpContext,
    outcome: 'created' | 'updated' | 'deleted',
    work: (trx: TransactionClientContract) => Promise<void>,
    hooks: { committed?: () => Promise<void>; failed?: () => Promise<void> } = {}
  ) {
    try {
      await db.transaction(work)
    } catch (error) {
      await hooks.failed?.()
      ctx.logger.error({ err: error }, `${this.resource.key} write failed`)
      const reason = ctx.i18n.t(failureReason(error))
      ctx.session.flash(
        'error',
        outcome === 'deleted'
          ? ctx.i18n.t('messages.record.delete_failed', { error: reason })
          : `${ctx.i18n.t(`messages.record.${outcome === 'created' ? 'create' : 'update'}_failed`)} ${reason}`
      )
      return ctx.response.redirect().back()
    }
    await hooks.committed?.()
    ctx.session.flash('success', ctx.i18n.t(`messages.record.${outcome}`))
    return ctx.response.redirect().back()
  }

  private async params(ctx: HttpContext, resource: ResourceDescriptor): Promise<ListParams | null> {
    try {
      return await readListParams(resource, ctx.request.qs(), ctx.auth.user?.timezone)
    } catch (error) {
      if (!(error instanceof ListQueryError)) throw error
      ctx.response.unprocessableEntity({ errors: this.messages(ctx, error, resource) })
      return null
    }
  }

  private messages(ctx: HttpContext, error: ListQueryError, resource: ResourceDescriptor) {
    const { i18n } = ctx
    // A column is named as its header reads ("Fine date", not fine_date), a parameter by what
    // it is ("Start date", not from); an unknown column is quoted as it was sent.
    const columnLabel = (column: string) => {
      const key = `crud.${resource.key}.fields.${column}`
      return i18n.hasMessage(key) || i18n.hasFallbackMessage(key) ? i18n.t(key) : column
    }
    const parameterLabel = (name: string) => {
      const key = `messages.table.parameters.${name}`
      return i18n.hasMessage(key) || i18n.hasFallbackMessage(key) ? i18n.t(key) : name
    }
    return error.issues.map((issue) => {
      const values = { ...issue.values }
      if (values.column) values.column = columnLabel(values.column)
      if (values.name) values.name = parameterLabel(values.name)
      return {
        field: issue.field,
        // Keys with a namespace are given whole (input.table.*), the others live in messages.table.
        message: i18n.t(
          issue.key.includes('.') ? issue.key : `messages.table.${issue.key}`,
          values
        ),
      }
    })
  }

  private async vehicles(ctx: HttpContext) {
    const context = await listContext(ctx)
    return visibleVehiclesOnly(db.from('devices'), 'devices.id', {
      companyId: context.companyId,
      deviceGroupIds: context.deviceGroupIds ?? null,
    })
      .where('company_id', ctx.company!.id)
      .select('id', 'name', 'plate', 'imei')
      .orderBy('name')
  }
}
