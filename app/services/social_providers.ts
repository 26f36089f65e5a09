import siteConfig from '#config/site'

export type SocialProvider = 'google' | 'facebook'

/** A social sign-in is offered only when both its client id and secret are configured. */
export function enabledSocialProviders(): Record<SocialProvider, boolean> {
  return siteConfig.socialProviders
}
