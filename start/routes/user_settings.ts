/*
| User settings and profile: the link that confirms a new e-mail address (signed, 24 hours,
| opened while signed in as the user who asked for it).
*/
import { action, localized } from '#start/routes/localized'

const AccountSettingsController = () => import('#controllers/account/account_settings_controller')

action('get', 'account.settings.email.confirm', [AccountSettingsController, 'confirmEmail'])

// The invitation of an address without an account: create it (name, password) and join.
const InvitationSignupController = () => import('#controllers/account/invitation_signup_controller')

localized('get', 'invitation', [InvitationSignupController, 'show'])
localized('post', 'invitation', [InvitationSignupController, 'store'])
