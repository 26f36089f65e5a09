import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'

/**
 * The signed-in user on their settings page: `toObject` is the profile form, `forPreferences`
 * the display settings (time zone, language, date format, map layer, home page). The page's
 * types are generated from this class (`Data.Account.UserSettings`, `...Variants['forPreferences']`).
 */
export default class UserSettingsTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return { email: user.email, fullName: user.fullName ?? '', phone: user.phone ?? '' }
  }

  forPreferences() {
    const user = this.resource
    return {
      timezone: user.timezone,
      locale: user.locale,
      dateFormat: user.dateFormat,
      defaultMapLayer: user.defaultMapLayer,
      defaultHomePage: user.defaultHomePage,
    }
  }
}
