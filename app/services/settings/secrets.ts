import encryption from '@adonisjs/core/services/encryption'

/**
 * Secrets a company gives us (its SMTP and SMS passwords, webhook secrets), encrypted with
 * the app key (AES-256-GCM) and bound to their purpose, so one cannot be replayed as another.
 */
export function sealSecret(value: string, purpose: string): string {
  return encryption.encrypt(value, undefined, purpose)
}

/** The secret in clear, or null when it cannot be read (the app key changed). */
export function openSecret(sealed: string | null, purpose: string): string | null {
  if (!sealed) return null
  return encryption.decrypt<string>(sealed, purpose) ?? null
}
