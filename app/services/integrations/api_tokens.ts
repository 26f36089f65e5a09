import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import ApiToken from '#models/api_token'
import { normalizeScopes, READ_EVERYTHING } from '#services/integrations/api_scopes'

const PREFIX = 'ft_'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Creates a company API token with its scopes (known ones only; read on everything when not
 * given). The token itself is returned once (the page shows it once);
 * only its SHA-256 hash and its last four characters are stored.
 */
export async function createApiToken(
  companyId: number,
  name: string,
  userId: number | null,
  scopes: string[] = [READ_EVERYTHING]
) {
  const token = PREFIX + randomBytes(32).toString('base64url')
  const record = await ApiToken.create({
    companyId,
    name,
    tokenHash: hashToken(token),
    hint: token.slice(-4),
    createdBy: userId,
    scopes: normalizeScopes(scopes),
  })
  return { token, record }
}

/** The live (not revoked) token a bearer value names, or null. Marks it used at most once a minute. */
export async function findApiToken(bearer: string | null | undefined) {
  if (!bearer || !bearer.startsWith(PREFIX) || bearer.length > 100) return null
  const token = await ApiToken.query()
    .where('token_hash', hashToken(bearer))
    .whereNull('revoked_at')
    .first()
  if (!token) return null
  const now = DateTime.now()
  if (!token.lastUsedAt || now.diff(token.lastUsedAt, 'seconds').seconds > 60) {
    token.lastUsedAt = now
    await token.save()
  }
  return token
}
