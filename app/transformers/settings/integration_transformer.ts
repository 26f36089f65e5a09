import type ApiToken from '#models/api_token'
import type Webhook from '#models/webhook'

/** A token in the list: never the token or its hash, only its last four characters. */
export function apiTokenForList(token: ApiToken) {
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

/** A webhook in the list: never its secret. */
export function webhookForList(hook: Webhook, pending: number, failed: number) {
  return {
    id: hook.id,
    url: hook.url,
    active: hook.active,
    lastError: hook.lastError,
    lastDeliveredAt: hook.lastDeliveredAt?.toISO() ?? null,
    pending,
    failed,
  }
}
