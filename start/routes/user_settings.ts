/*
| User settings and profile: the link that confirms a new e-mail address (signed, 24 hours,
| opened while signed in as the user who asked for it).
*/
import { action } from '#start/routes/localized'

const AccountSettingsController = () => import('#controllers/account/account_settings_controller')

action('get', 'account.settings.email.confirm', [AccountSettingsController, 'confirmEmail'])
