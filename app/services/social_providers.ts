import env from '#start/env'

export type SocialProvider = 'google' | 'facebook'

/** A social sign-in is offered only when both its client id and secret are configured. */
export function enabledSocialProviders(): Record<SocialProvider, boolean> {
  return {
    google: Boolean(env.get('GOOGLE_CLIENT_ID') && env.get('GOOGLE_CLIENT_SECRET')),
    facebook: Boolean(env.get('FACEBOOK_CLIENT_ID') && env.get('FACEBOOK_CLIENT_SECRET')),
  }
}
