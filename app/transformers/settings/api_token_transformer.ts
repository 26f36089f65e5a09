import { BaseTransformer } from '@adonisjs/core/transformers'
import type ApiToken from '#models/api_token'

/**
 * A token in the integrations page's list: never the token or its hash, only its last four
 * characters. The page's type is generated from this class (`Data.Settings.ApiToken`).
 */
export default class ApiTokenTransformer extends BaseTransformer<ApiToken> {
  toObject() {
    const token = this.resource
    return {
      id: token.id,
      name: token.name,
      hint: token.hint,
      createdAt: token.createdAt.toISO()!,
      lastUsedAt: token.lastUsedAt?.toISO() ?? null,
      revokedAt: token.revokedAt?.toISO() ?? null,
      scopes: token.scopes ?? [],
    }
  }
}

export function apiTokenForList(token: ApiToken) {
  return new ApiTokenTransformer(token).toObject()
}
