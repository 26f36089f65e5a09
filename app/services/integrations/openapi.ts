import i18nManager from '@adonisjs/i18n/services/main'
import type { ColumnSpec, FieldSpec, ResourceDescriptor } from '#crud/resource'
import { filterOperators, perPageSizes } from '#shared/table_query'
import { appUrl } from '#services/alternates'
import { apiResources, TRACKING_SCOPE, type ApiResource } from '#services/integrations/api_scopes'
import { recordEventTypes } from '#services/integrations/record_webhooks'

type Schema = Record<string, unknown>

const nullable = (schema: Schema): Schema => ({
  ...schema,
  type: [schema.type as string, 'null'],
})

/** The English label of a resource's field (crud.json), as the schema's title. */
function label(resource: ResourceDescriptor, name: string) {
  const key = `crud.${resource.key}.fields.${name}`
  const i18n = i18nManager.locale('en')
  return i18n.hasMessage(key) ? i18n.t(key) : undefined
}

/** A column as it reads (list and one record). */
function columnSchema(resource: ResourceDescriptor, name: string, column: ColumnSpec): Schema {
  const title = label(resource, name)
  const base: Schema = title ? { title } : {}
  if (column.money) return nullable({ ...base, type: 'number', description: 'Amount in units' })
  switch (column.kind) {
    case 'number':
      return nullable({ ...base, type: 'number' })
    case 'boolean':
      return nullable({ ...base, type: 'boolean' })
    case 'date':
      return nullable({ ...base, type: 'string', format: 'date' })
    case 'datetime':
      return nullable({ ...base, type: 'string', format: 'date-time' })
    case 'enum':
      return { ...base, enum: [...(column.enumValues ?? []), null] }
    default:
      return nullable({ ...base, type: 'string' })
  }
}

/** A form field as it is written: the rules of the resource's Vine validator. */
function inputSchema(resource: ResourceDescriptor, name: string, field: FieldSpec): Schema {
  const form = field.form ?? {}
  const title = label(resource, name)
  const base: Schema = title ? { title } : {}
  switch (field.kind) {
    case 'text': {
      const schema: Schema = {
        ...base,
        type: 'string',
        maxLength: form.max ?? (form.multiline ? 2000 : 200),
      }
      if (form.required) schema.minLength = 1
      if (form.pattern) schema.pattern = form.pattern.source
      if (form.email) schema.format = 'email'
      if (form.unique)
        schema.description = form.unique === 'global' ? 'Unique' : 'Unique within the company'
      return schema
    }
    case 'number':
    case 'money': {
      const schema: Schema = { ...base, type: form.integer ? 'integer' : 'number' }
      const min = form.min ?? (field.kind === 'money' ? 0 : undefined)
      const max = form.max ?? (field.kind === 'money' ? 100_000_000 : undefined)
      if (min !== undefined) schema.minimum = min
      if (max !== undefined) schema.maximum = max
      if (field.kind === 'money') schema.description = 'Amount in units (stored in cents)'
      return schema
    }
    case 'date':
    case 'datetime': {
      const schema: Schema = { ...base, type: 'string', format: 'date' }
      const rules = [
        form.notAfterToday ? 'today or earlier' : null,
        form.notBefore ? `not before ${form.notBefore}` : null,
      ].filter(Boolean)
      if (rules.length > 0) schema.description = rules.join('; ')
      return schema
    }
    case 'enum':
      return { ...base, type: 'string', enum: [...(field.values ?? [])] }
    case 'boolean':
      return { ...base, type: 'boolean' }
    case 'file':
      return {
        ...base,
        type: 'string',
        format: 'binary',
        description: `multipart/form-data only; ${field.upload!.extnames.join(', ')}, at most ${field.upload!.size}`,
      }
    case 'reference':
      return {
        ...base,
        type: 'integer',
        minimum: 1,
        description: `Id of a record of the company's ${field.lookup!.members ? 'members' : field.lookup!.table}`,
      }
  }
}

const schemaName = (api: ApiResource) =>
  api.name.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase())

function resourceSchemas(api: ApiResource): Record<string, Schema> {
  const { resource } = api
  const name = schemaName(api)
  const record: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(resource.columns).map(([field, column]) => [
        field,
        columnSchema(resource, field, column),
      ])
    ),
  }
  const formFields = Object.entries(resource.fields).filter(([, field]) => field.form)
  const input: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      formFields.map(([field, spec]) => [field, inputSchema(resource, field, spec)])
    ),
    required: formFields.filter(([, spec]) => spec.form!.required).map(([field]) => field),
  }
  return { [name]: record, [`${name}Input`]: input }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
})
const errors = {
  401: errorResponse('No token, or a revoked or unknown one'),
  403: errorResponse("The token lacks the scope, or its member the right or the page's menu"),
  405: errorResponse('Method not allowed (the Allow header lists those allowed)'),
}

function listParameters(resource: ResourceDescriptor) {
  const parameters: Schema[] = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    {
      name: 'perPage',
      in: 'query',
      schema: { type: 'integer', enum: [...perPageSizes], default: 25 },
    },
    { name: 'sort', in: 'query', schema: { type: 'string', enum: Object.keys(resource.columns) } },
    { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
    {
      name: 'fields',
      in: 'query',
      description: 'Comma-separated columns (every column by default)',
      schema: { type: 'string' },
    },
    {
      name: 'filter',
      in: 'query',
      style: 'deepObject',
      description: `filter[column]=op:value, op one of ${filterOperators.join(', ')}`,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    },
  ]
  if (resource.dateColumn) {
    for (const name of ['from', 'to']) {
      parameters.push({
        name,
        in: 'query',
        description: `Range on ${resource.dateColumn} (ISO 8601; a date without offset is in the token member's time zone)`,
        schema: { type: 'string' },
      })
    }
  }
  if (resource.deviceColumn) {
    parameters.push({ name: 'deviceId', in: 'query', schema: { type: 'integer', minimum: 1 } })
  }
  if (resource.searchColumns?.length) {
    parameters.push({
      name: 'q',
      in: 'query',
      description: `Searches ${resource.searchColumns.join(', ')}`,
      schema: { type: 'string' },
    })
  }
  return parameters
}

function resourcePaths(api: ApiResource): Record<string, Schema> {
  const name = schemaName(api)
  const tag = api.name
  const read = [{ bearer: [] }]
  const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }
  const one = {
    description: 'The record',
    content: {
      'application/json': { schema: { type: 'object', properties: { data: ref(name) } } },
    },
  }
  const body = {
    required: true,
    content: {
      'application/json': { schema: ref(`${name}Input`) },
      'multipart/form-data': { schema: ref(`${name}Input`) },
    },
  }
  const invalid = errorResponse('Invalid input: `errors` lists each field with its message')
  const notFound = errorResponse("No such record in the token's company")
  const refused = errorResponse('The database refused the write (in use, duplicate)')
  return {
    [`/${api.name}`]: {
      get: {
        tags: [tag],
        summary: `List (scope ${api.name}:read)`,
        security: read,
        parameters: listParameters(api.resource),
        responses: {
          200: {
            description: 'One page',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: { type: 'array', items: ref(name) }, meta: ref('PageMeta') },
                },
              },
            },
          },
          422: invalid,
          ...errors,
        },
      },
      post: {
        tags: [tag],
        summary: `Create (scope ${api.name}:write)`,
        security: read,
        requestBody: body,
        responses: { 201: one, 409: refused, 422: invalid, ...errors },
      },
    },
    [`/${api.name}/{id}`]: {
      parameters: [idParameter],
      get: {
        tags: [tag],
        summary: `One record (scope ${api.name}:read)`,
        security: read,
        responses: { 200: one, 404: notFound, ...errors },
      },
      put: {
        tags: [tag],
        summary: `Replace the form's fields (scope ${api.name}:write); fields not sent are emptied`,
        security: read,
        requestBody: body,
        responses: { 200: one, 404: notFound, 409: refused, 422: invalid, ...errors },
      },
      patch: {
        tags: [tag],
        summary: `Change the fields sent (scope ${api.name}:write)`,
        security: read,
        requestBody: { ...body, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { 200: one, 404: notFound, 409: refused, 422: invalid, ...errors },
      },
      delete: {
        tags: [tag],
        summary: `Delete (scope ${api.name}:write)`,
        security: read,
        responses: { 204: { description: 'Deleted' }, 404: notFound, 409: refused, ...errors },
      },
    },
  }
}

function trackingPaths(): Record<string, Schema> {
  const paged = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500 } },
    { name: 'deviceId', in: 'query', schema: { type: 'integer', minimum: 1 } },
  ]
  const ranged = [
    ...paged,
    { name: 'from', in: 'query', schema: { type: 'string', format: 'date-time' } },
    { name: 'to', in: 'query', schema: { type: 'string', format: 'date-time' } },
  ]
  const list = (summary: string, parameters: Schema[]) => ({
    get: {
      tags: [TRACKING_SCOPE],
      summary: `${summary} (scope ${TRACKING_SCOPE}:read)`,
      security: [{ bearer: [] }],
      parameters,
      responses: {
        200: {
          description: '{ data, page, perPage }',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        422: errorResponse('Invalid query'),
        ...errors,
      },
    },
  })
  return {
    '/devices': list('Devices', paged),
    '/positions/live': list('Latest position of each device', paged),
    '/trips': list('Trips (at most 31 days, the last 24 hours by default)', ranged),
    '/events': list('Events (at most 31 days, the last 24 hours by default)', ranged),
  }
}

let cached: Schema | null = null

/**
 * The OpenAPI 3.1 document of `/api/v1`, derived from the same resource declarations as the
 * routes, validators and pages (fields, rules, enums, filters), served at /api/v1/openapi.json.
 */
export function openApiDocument(): Schema {
  if (cached) return cached
  const paths: Record<string, Schema> = { ...trackingPaths() }
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'object',
      required: ['error'],
      properties: {
        error: { type: 'string', description: 'In the language of Accept-Language (en, tr)' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              field: { type: 'string' },
              message: { type: 'string' },
              rule: { type: 'string' },
            },
          },
        },
      },
    },
    PageMeta: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        totalIsLowerBound: { type: 'boolean' },
        page: { type: 'integer' },
        perPage: { type: 'integer' },
        lastPage: { type: 'integer' },
      },
    },
    WebhookRecordEvent: {
      type: 'object',
      description:
        'Body of a record webhook, signed: X-FleetTrack-Signature = sha256=HMAC-SHA256(secret, X-FleetTrack-Timestamp + "." + raw body)',
      properties: {
        id: { type: 'integer', description: 'Delivery id' },
        type: { type: 'string', enum: [...recordEventTypes] },
        time: { type: 'string', format: 'date-time' },
        resource: { type: 'string' },
        record: { type: 'object' },
      },
    },
  }
  for (const api of apiResources) {
    Object.assign(paths, resourcePaths(api))
    Object.assign(schemas, resourceSchemas(api))
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'FleetTrack API',
      version: '1',
      description:
        'A company API token (Settings > Integrations) as `Authorization: Bearer ft_...`. ' +
        'Each token holds scopes: `<resource>:read` or `<resource>:write` (write includes read). ' +
        'A token acts as the member who created it: their role, hidden menus, vehicle groups and ' +
        'personal-data right apply. Errors are JSON `{ error, errors? }` in the language of ' +
        'Accept-Language. Webhook signatures: see docs/api.md.',
    },
    servers: [{ url: `${appUrl()}/api/v1` }],
    tags: [TRACKING_SCOPE, ...apiResources.map((api) => api.name)].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
  return cached
}
