import env from '#start/env'
import { defineConfig, services } from '@adonisjs/ally'

/**
 * Google and Facebook sign-in. A provider is offered on the login page only
 * when both its id and secret are set (see app/services/social_providers.ts).
 */
const appUrl = env.get('APP_URL', `http://localhost:${env.get('PORT', 3333)}`)

const allyConfig = defineConfig({
  google: services.google({
    clientId: env.get('GOOGLE_CLIENT_ID', ''),
    clientSecret: env.get('GOOGLE_CLIENT_SECRET', ''),
    callbackUrl: `${appUrl}/oauth/google/callback`,
  }),
  facebook: services.facebook({
    clientId: env.get('FACEBOOK_CLIENT_ID', ''),
    clientSecret: env.get('FACEBOOK_CLIENT_SECRET', ''),
    callbackUrl: `${appUrl}/oauth/facebook/callback`,
  }),
})

export default allyConfig

declare module '@adonisjs/ally/types' {
  interface SocialProviders extends InferSocialProviders<typeof allyConfig> {}
}
