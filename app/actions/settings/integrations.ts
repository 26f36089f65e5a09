import { DateTime } from 'luxon'
import { findCompanyApiToken, findCompanyWebhook } from '#queries/settings/integrations'

/** Revokes one of the company's API tokens (a revoked one keeps its first revocation time). */
export async function revokeApiToken(companyId: number, id: unknown) {
  const token = await findCompanyApiToken(companyId, id)
  if (!token.revokedAt) {
    token.revokedAt = DateTime.now()
    await token.save()
  }
  return token
}

/** Turns one of the company's webhooks on or off. */
export async function toggleWebhook(companyId: number, id: unknown) {
  const hook = await findCompanyWebhook(companyId, id)
  hook.active = !hook.active
  await hook.save()
  return hook
}
