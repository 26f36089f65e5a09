import { matchKey } from './cells.js'

/** Which column of the sheet each field is read from (its index), or null: not imported. */
export type Mapping = Record<string, number | null>

/** A field as the mapping knows it: its name and every header that means it. */
export interface MappableField {
  name: string
  /** Labels in each language, the field's name, the reference's name (`device`). */
  aliases: string[]
}

/** A header as it is compared: letters and digits only, case and Turkish i folded. */
export function headerKey(text: string) {
  return matchKey(text).replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * The column of each field: the one remembered for it (by header) when the sheet has it,
 * else the header that reads as one of its aliases; each column used once.
 */
export function autoMapping(
  headers: string[],
  fields: MappableField[],
  remembered: Record<string, string> = {}
): Mapping {
  const keys = headers.map(headerKey)
  const used = new Set<number>()
  const mapping: Mapping = {}
  const take = (name: string, key: string) => {
    const index = keys.findIndex((header, at) => header !== '' && header === key && !used.has(at))
    if (index < 0) return false
    used.add(index)
    mapping[name] = index
    return true
  }
  for (const field of fields) {
    const header = remembered[field.name]
    mapping[field.name] = null
    if (typeof header === 'string') take(field.name, headerKey(header))
  }
  for (const field of fields) {
    if (mapping[field.name] !== null) continue
    for (const alias of field.aliases) if (take(field.name, headerKey(alias))) break
  }
  return mapping
}

/**
 * A mapping sent by the page, kept to the known fields and existing columns, each column
 * used once; null when it is not a mapping at all.
 */
export function mappingInput(
  input: unknown,
  fields: MappableField[],
  columnCount: number
): Mapping | null {
  let value = input
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const given = value as Record<string, unknown>
  const mapping: Mapping = {}
  const used = new Set<number>()
  for (const field of fields) {
    const index = Object.hasOwn(given, field.name) ? given[field.name] : null
    if (index === null || index === undefined || index === '') {
      mapping[field.name] = null
      continue
    }
    const column = Number(index)
    if (!Number.isInteger(column) || column < 0 || column >= columnCount || used.has(column))
      return null
    used.add(column)
    mapping[field.name] = column
  }
  return mapping
}

/** The mapping as remembered: each mapped field's header text. */
export function rememberedOf(mapping: Mapping, headers: string[]): Record<string, string> {
  const remembered: Record<string, string> = {}
  for (const [field, index] of Object.entries(mapping)) {
    if (index !== null && headers[index]) remembered[field] = headers[index]
  }
  return remembered
}
