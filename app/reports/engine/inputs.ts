import type { ReportDefinition, ReportInput } from './definition.js'
import type { PeriodInput } from './period.js'

/** The parameters every report page offers itself: period and the company's vehicles, groups, drivers. */
export const scopeParameters = ['deviceId', 'deviceIds', 'groupId', 'driverId'] as const
export type ScopeParameter = (typeof scopeParameters)[number]

const periodFields = new Set(['period', 'from', 'to'])

/** One of the report's own parameters as the page asks for it. */
export interface DescribedInput {
  name: string
  kind: 'number' | 'text' | 'boolean' | 'enum'
  options: string[]
  multiple: boolean
  optional: boolean
  min: number | null
  max: number | null
  step: number | null
  unit: string | null
  /** The value the report uses when none is given (shown in the field). */
  default: string | null
}

export interface DescribedParameters {
  /** Which of deviceId / deviceIds / groupId / driverId the report accepts. */
  scope: ScopeParameter[]
  inputs: DescribedInput[]
  /** Names of array parameters (a query string may give them once, or comma-separated). */
  arrays: string[]
  /** Names of number parameters. */
  numbers: string[]
}

interface CompiledNode {
  type: string
  subtype?: string
  fieldName?: string
  isOptional?: boolean
  properties?: CompiledNode[]
  each?: CompiledNode
  validations?: { name: string; ruleFnId?: string }[]
}

interface CompiledSchema {
  schema: { schema: CompiledNode }
  refs: Record<string, { options?: Record<string, unknown> }>
}

const cache = new WeakMap<object, DescribedParameters>()

/**
 * Reads a report's parameters from its compiled Vine schema (the validator's `toJSON()`),
 * refined by the definition's optional `inputs`: which scope parameters it takes, and how to
 * ask for each of its own (kind, choices, bounds). Works for any definition of the registry.
 */
export function describeParameters(definition: ReportDefinition<PeriodInput>): DescribedParameters {
  const cached = cache.get(definition)
  if (cached) return cached
  const compiled = compiledOf(definition.parameters)
  const properties = compiled?.schema.schema.properties ?? []
  const result: DescribedParameters = { scope: [], inputs: [], arrays: [], numbers: [] }

  for (const node of properties) {
    const name = node.fieldName ?? ''
    if (!name || periodFields.has(name)) continue
    const isArray = node.type === 'array'
    const leaf = isArray ? (node.each ?? node) : node
    if (isArray) result.arrays.push(name)
    if (leaf.subtype === 'number') result.numbers.push(name)
    if ((scopeParameters as readonly string[]).includes(name)) {
      result.scope.push(name as ScopeParameter)
      continue
    }
    const override: ReportInput = definition.inputs?.[name] ?? {}
    const option = (rule: string, key: string) => {
      const validation = leaf.validations?.find((candidate) => candidate.name === rule)
      const value = validation?.ruleFnId
        ? compiled?.refs[validation.ruleFnId]?.options?.[key]
        : undefined
      return value
    }
    const choices = option('enumList', 'choices')
    const kind: DescribedInput['kind'] =
      override.kind ??
      (leaf.subtype === 'enum'
        ? 'enum'
        : leaf.subtype === 'number'
          ? 'number'
          : leaf.subtype === 'boolean'
            ? 'boolean'
            : 'text')
    const range = option('range', 'min') ?? option('min', 'min')
    const rangeMax = option('range', 'max') ?? option('max', 'max')
    result.inputs.push({
      name,
      kind,
      options: [...(override.options ?? (Array.isArray(choices) ? choices.map(String) : []))],
      multiple: override.multiple ?? isArray,
      optional: Boolean(node.isOptional),
      min: override.min ?? (typeof range === 'number' ? range : null),
      max: override.max ?? (typeof rangeMax === 'number' ? rangeMax : null),
      step: override.step ?? null,
      unit: override.unit ?? null,
      default: override.default === undefined ? null : String(override.default),
    })
  }
  cache.set(definition, result)
  return result
}

function compiledOf(parameters: unknown): CompiledSchema | null {
  const candidate = parameters as { toJSON?: () => unknown }
  if (typeof candidate?.toJSON !== 'function') return null
  const json = candidate.toJSON() as CompiledSchema
  return json?.schema?.schema ? json : null
}

/**
 * The raw parameters of a query string or a saved schedule, ready for the report's Vine
 * schema: empty values dropped (an empty select means "any"), array parameters given once
 * or comma-separated made lists, and only the names the report knows.
 */
export function normalizeInput(
  raw: Record<string, unknown>,
  described: DescribedParameters
): Record<string, unknown> {
  const known = new Set<string>([
    ...periodFields,
    ...described.scope,
    ...described.inputs.map((input) => input.name),
  ])
  const input: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (!known.has(name)) continue
    if (value === '' || value === null || value === undefined) continue
    if (described.arrays.includes(name)) {
      const list = (Array.isArray(value) ? value : String(value).split(','))
        .map((item) => (typeof item === 'string' ? item.trim() : item))
        .filter((item) => item !== '' && item !== null && item !== undefined)
      if (list.length > 0) input[name] = list
      continue
    }
    input[name] = value
  }
  return input
}
