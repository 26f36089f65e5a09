import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { memberMayOpen } from '#abilities/member'
import { deviceGroupsOf } from '#abilities/vehicle_scope'
import { isRecordId } from '#shared/record_id'
import type { ListContext, ResourceDescriptor } from '#crud/resource'
import { ListQueryError } from '#crud/list_params'
import { readListParams } from '#crud/list_checks'
import { listPage } from '#crud/list_query'
import { failureReason } from '#crud/write_errors'
import { removeUploads } from '#crud/files'
import { recordForForm } from '#transformers/crud/resource_transformer'
import {
  actAsTokenMember,
  apiActorOf,
  apiError,
  type ApiActor,
} from '#services/integrations/api_auth'
import { scopeAllows, type ApiAccess, type ApiResource } from '#services/integrations/api_scopes'

/**
 * `/api/v1/<resource>` for one resource of the machinery (app/services/integrations/api_scopes.ts):
 * list (the table query contract), one record, create, update (PUT replaces the form's fields,
 * PATCH changes only those sent) and delete. A request acts as the token's member: the same
 * Vine rules and messages, company scoping, vehicle groups, personal-data right and write
 * abilities as the back-office page; the token must also hold the resource's scope.
 */
export class ApiRecordsController {
  constructor(private readonly api: ApiResource) {}

  index = (ctx: HttpContext) =>
    this.guarded(ctx, 'read', async (resource, context) => {
      const query = { ...ctx.request.qs() }
      // Every column unless `fields` chooses: an integrator reads whole records.
      if (!query.fields) query.fields = Object.keys(resource.columns).join(',')
      try {
        const params = await readListParams(resource, query, context.timeZone)
        const page = await listPage(resource, params, context)
        return { ...page, data: page.data.map((row) => typedRow(resource, row)) }
      } catch (error) {
        if (!(error instanceof ListQueryError)) throw error
        return ctx.response.unprocessableEntity({
          error: ctx.i18n.t('messages.errors.invalid_input'),
          errors: error.issues.map((issue) => ({
            field: issue.field,
            message: ctx.i18n.t(
              issue.key.includes('.') ? issue.key : `messages.table.${issue.key}`,
              issue.values
            ),
          })),
        })
      }
    })

  show = (ctx: HttpContext) =>
    this.guarded(ctx, 'read', async (resource, context) => {
      const row = await readRecord(resource, context, this.recordId(ctx))
      if (!row) return this.notFound(ctx)
      return { data: row }
    })

  store = (ctx: HttpContext) =>
    this.guarded(ctx, 'write', async (resource, context) => {
      const write = resource.write!
      if (!(await ctx.bouncer.allows(write.createAbility ?? write.ability))) {
        return apiError(ctx, 403, 'api.errors.forbidden')
      }
      const values = await write.validate(ctx, ctx.request.all(), null)
      let id = 0
      try {
        await db.transaction(async (trx) => {
          const record = new write.model()
          record.useTransaction(trx)
          record.merge({ ...write.attributes(values), companyId: ctx.company!.id })
          await record.save()
          await write.afterWrite?.(trx, record.$attributes)
          id = Number(record.$primaryKeyValue)
        })
      } catch (error) {
        await removeUploads(this.fileKeys(resource, values))
        return this.failed(ctx, error)
      }
      ctx.response.status(201)
      ctx.response.header('location', `${ctx.request.url()}/${id}`)
      return { data: await readRecord(resource, context, id) }
    })

  update = (ctx: HttpContext) =>
    this.guarded(ctx, 'write', async (resource, context) => {
      const write = resource.write!
      if (!(await ctx.bouncer.allows(write.ability))) {
        return apiError(ctx, 403, 'api.errors.forbidden')
      }
      const existing = await this.find(ctx, resource, context)
      if (!existing) return this.notFound(ctx)
      const body = ctx.request.all()
      // PATCH: the fields not sent keep their stored values (files are kept unless sent).
      const input =
        ctx.request.method() === 'PATCH'
          ? { ...this.storedForm(resource, existing), ...body }
          : body
      const id = Number(existing.$primaryKeyValue)
      const values = await write.validate(ctx, input, id)
      const before = { ...existing.$attributes }
      try {
        await db.transaction(async (trx) => {
          existing.useTransaction(trx)
          existing.merge(write.attributes(values))
          await existing.save()
          await write.afterWrite?.(trx, before)
          await write.afterWrite?.(trx, existing.$attributes)
        })
      } catch (error) {
        await removeUploads(this.fileKeys(resource, values))
        return this.failed(ctx, error)
      }
      return { data: await readRecord(resource, context, id) }
    })

  destroy = (ctx: HttpContext) =>
    this.guarded(ctx, 'write', async (resource, context) => {
      const write = resource.write!
      if (!(await ctx.bouncer.allows(write.ability))) {
        return apiError(ctx, 403, 'api.errors.forbidden')
      }
      const existing = await this.find(ctx, resource, context)
      if (!existing) return this.notFound(ctx)
      const files = this.storedFileKeys(resource, existing)
      try {
        await db.transaction(async (trx) => {
          existing.useTransaction(trx)
          await existing.delete()
          await write.afterWrite?.(trx, existing.$attributes)
        })
      } catch (error) {
        return this.failed(ctx, error)
      }
      await removeUploads(files)
      return ctx.response.noContent()
    })

  /**
   * Token (401), the token's scope and member (403), the page's menu for that member (403):
   * then the handler, with the resource as the member may see it and the list context.
   */
  private async guarded(
    ctx: HttpContext,
    access: ApiAccess,
    handler: (resource: ResourceDescriptor, context: ListContext) => Promise<unknown>
  ) {
    ctx.response.header('cache-control', 'no-store')
    const actor = await apiActorOf(ctx)
    if (!actor) return apiError(ctx, 401, 'api.errors.token_required')
    if (!scopeAllows(actor.token.scopes ?? [], this.api.name, access)) {
      return apiError(ctx, 403, 'api.errors.scope_missing', {
        scope: `${this.api.name}:${access}`,
      })
    }
    if (!(await this.mayOpen(actor)) || !(await actAsTokenMember(ctx, actor))) {
      return apiError(ctx, 403, 'api.errors.forbidden')
    }
    const resource = await this.resourceFor(ctx)
    if (access === 'write' && !resource.write) return apiError(ctx, 403, 'api.errors.forbidden')
    const context: ListContext = {
      companyId: ctx.company!.id,
      userId: actor.member!.userId,
      deviceGroupIds: deviceGroupsOf(actor.member),
      can: { seeEveryonesRequests: await ctx.bouncer.allows('seeEveryonesRequests') },
      timeZone: ctx.auth.user?.timezone,
    }
    return handler(resource, context)
  }

  /** The member may open the resource's back-office page (its menu is not hidden for them). */
  private mayOpen(actor: ApiActor) {
    return memberMayOpen(actor.member, this.api.page)
  }

  /** Without the personal fields unless the member has the HR right. */
  private async resourceFor(ctx: HttpContext) {
    const resource = this.api.resource
    if (resource.withoutPersonalData === resource) return resource
    return (await ctx.bouncer.allows('viewPersonalData')) ? resource : resource.withoutPersonalData
  }

  private recordId(ctx: HttpContext) {
    return isRecordId(ctx.params.id) ? Number(ctx.params.id) : 0
  }

  /** A record of the token's company (and vehicle groups), else null: another's is a 404. */
  private async find(ctx: HttpContext, resource: ResourceDescriptor, context: ListContext) {
    const id = this.recordId(ctx)
    const visible = await resource
      .query(db.connection(), context)
      .where(`${resource.table}.id`, id)
      .select(`${resource.table}.id`)
      .first()
    if (!visible) return null
    return resource
      .write!.model.query()
      .where('id', id)
      .where('company_id', ctx.company!.id)
      .first()
  }

  /** A stored record as form input (PATCH), without its files and id. */
  private storedForm(resource: ResourceDescriptor, record: LucidRow) {
    const values: Record<string, unknown> = { ...recordForForm(resource, record) }
    delete values.id
    for (const name of resource.fileFields) delete values[name]
    for (const [name, value] of Object.entries(values)) if (value === null) delete values[name]
    return values
  }

  private fileKeys(resource: ResourceDescriptor, values: Record<string, unknown>) {
    return resource.fileFields
      .map((name) => values[resource.fields[name].column ?? name])
      .filter((key): key is string => typeof key === 'string' && key.length > 0)
  }

  private storedFileKeys(resource: ResourceDescriptor, record: LucidRow) {
    const model = resource.write!.model
    return resource.fileFields
      .map((name) => {
        const column = resource.fields[name].column ?? name
        return record.$attributes[model.$keys.columnsToAttributes.get(column) ?? column]
      })
      .filter((key): key is string => typeof key === 'string' && key.length > 0)
  }

  private notFound(ctx: HttpContext) {
    return ctx.response
      .status(404)
      .send({ error: ctx.i18n.t('messages.errors.page_not_found', { path: ctx.request.url() }) })
  }

  /** A write the database refused: 409 with the localized reason (the raw text only logged). */
  private failed(ctx: HttpContext, error: unknown) {
    ctx.logger.error({ err: error }, `api ${this.api.name} write failed`)
    return apiError(ctx, 409, failureReason(error))
  }
}

/** One record as the API reads it: every column of the resource, under its public name. */
export async function readRecord(
  resource: ResourceDescriptor,
  context: ListContext,
  id: number
): Promise<Record<string, unknown> | null> {
  const query = resource.query(db.connection(), context).where(`${resource.table}.id`, id)
  query.clearSelect()
  for (const [name, spec] of Object.entries(resource.columns)) {
    query.select(db.raw(`${spec.sql} as ??`, [name]))
  }
  const row = await query.first()
  return row ? typedRow(resource, row) : null
}

/**
 * Numbers as JSON numbers: PostgreSQL's numeric and bigint reach the driver as text ("42.50"),
 * which an integrator would have to parse.
 */
export function typedRow(resource: ResourceDescriptor, row: Record<string, unknown>) {
  const typed: Record<string, unknown> = { ...row }
  for (const [name, value] of Object.entries(row)) {
    if (typeof value !== 'string' || resource.columns[name]?.kind !== 'number') continue
    const number = Number(value)
    if (Number.isFinite(number)) typed[name] = number
  }
  return typed
}
