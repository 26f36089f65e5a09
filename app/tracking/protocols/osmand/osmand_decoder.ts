import { decodeOsmAndJson } from './osmand_json.js'
import { type OsmAndParams, decodeOsmAndQuery } from './osmand_query.js'
import type { OsmAndResult } from './osmand_result.js'

export type { OsmAndResult } from './osmand_result.js'
export type { OsmAndParams } from './osmand_query.js'

function isJson(contentType: string | null | undefined, body: string | null | undefined): boolean {
  if (contentType) return contentType.toLowerCase().includes('application/json')
  return !!body && body.trimStart().startsWith('{')
}

function isForm(contentType: string | null | undefined): boolean {
  return !!contentType && contentType.toLowerCase().includes('application/x-www-form-urlencoded')
}

/**
 * Decodes one OsmAnd HTTP report (any method): the JSON body when the content type says JSON,
 * otherwise the query string plus, for a form body, its fields. Reply 200 (empty body) once
 * the position is stored; `{ ok: false }` carries the 400 to answer.
 */
export function decodeOsmAndRequest(
  method: string,
  query: OsmAndParams,
  contentType?: string | null,
  body?: string | null,
  receivedAt: Date = new Date()
): OsmAndResult {
  if (isJson(contentType, body)) {
    if (!body) return { ok: false, status: 400, reason: 'empty JSON body' }
    return decodeOsmAndJson(body, receivedAt)
  }
  const sources: OsmAndParams[] = [query]
  if (method.toUpperCase() !== 'GET' && body && isForm(contentType)) {
    sources.push(new URLSearchParams(body))
  }
  return decodeOsmAndQuery(sources, receivedAt)
}
