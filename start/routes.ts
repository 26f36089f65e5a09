/*
| Page routes come from app/shared/route_table.ts, each registered in English
| and Turkish by `localized()`. Routes that exist in one form only (the
| language switch, OAuth, company switch, logout) are plain routes.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { action, localized, registerRemainingPages } from '#start/routes/localized'
import '#start/transmit'

const SessionController = () => import('#controllers/auth/session_controller')
const SignupController = () => import('#controllers/auth/signup_controller')
const ConfirmController = () => import('#controllers/auth/confirm_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const SocialAuthController = () => import('#controllers/auth/social_auth_controller')
const LocaleController = () => import('#controllers/auth/locale_controller')
const DashboardController = () => import('#controllers/live/dashboard_controller')
const UnauthorizedController = () => import('#controllers/pages/unauthorized_controller')
const AccountSettingsController = () => import('#controllers/account/account_settings_controller')
const TeamMembersController = () => import('#controllers/account/team_members_controller')
const CompanySettingsController = () => import('#controllers/account/company_settings_controller')
const CompanySwitchController = () => import('#controllers/account/company_switch_controller')

import '#start/routes/health'
router.get('/locale/:code', [LocaleController, 'update']).as('locale.update')

// Authentication
localized('get', 'login', [SessionController, 'create'])
localized('post', 'login', [SessionController, 'store'])
action('post', 'logout', [SessionController, 'destroy']).use(middleware.auth())
action('post', 'logout.everywhere', [SessionController, 'destroyEverywhere']).use(middleware.auth())
localized('get', 'signup', [SignupController, 'create'])
localized('post', 'signup', [SignupController, 'store'])
localized('get', 'confirm', [ConfirmController, 'show'])
localized('get', 'reset-password', [PasswordResetController, 'create'])
localized('post', 'reset-password', [PasswordResetController, 'store'])
localized('get', 'reset-password-confirm', [PasswordResetController, 'edit'])
localized('post', 'reset-password-confirm', [PasswordResetController, 'update'])
router.get('/oauth/:provider', [SocialAuthController, 'redirect']).as('oauth.redirect')
router.get('/oauth/:provider/callback', [SocialAuthController, 'callback']).as('oauth.callback')

// Back office: dashboard and account
localized('get', 'backend', [DashboardController, 'show'])
localized('get', 'backend.unauthorized', [UnauthorizedController, 'show'])
localized('get', 'account.settings', [AccountSettingsController, 'show'])
action('put', 'account.settings.profile', [AccountSettingsController, 'updateProfile'])
action('put', 'account.settings.preferences', [AccountSettingsController, 'updateSettings'])
action('put', 'account.settings.password', [AccountSettingsController, 'updatePassword'])
localized('get', 'account.team-members', [TeamMembersController, 'index'])
router.group(() => {
  localized('post', 'account.team-members', [TeamMembersController, 'store'])
  action('put', 'account.team-members.member', [TeamMembersController, 'update'])
  action('delete', 'account.team-members.member', [TeamMembersController, 'destroy'])
  action('put', 'account.team-members.member.vehicle-groups', [
    TeamMembersController,
    'updateVehicleGroups',
  ])
})
router.group(() => {
  localized('get', 'account.company-settings', [CompanySettingsController, 'show'])
  localized('put', 'account.company-settings', [CompanySettingsController, 'update'])
  localized('get', 'account.menu-permissions', [CompanySettingsController, 'menuPermissions'])
  localized('put', 'account.menu-permissions', [CompanySettingsController, 'updateMenuPermissions'])
})
action('post', 'companies.switch', [CompanySwitchController, 'store']).use(middleware.auth())

import '#start/routes/site'
import '#start/routes/fleet'
import '#start/routes/fleet_records'
import '#start/routes/fleet_flow'
import '#start/routes/fleet_ops'
import '#start/routes/fleet_reports'
import '#start/routes/live'
import '#start/routes/reports'
import '#start/routes/fuel'
import '#start/routes/settings'
import '#start/routes/data_quality'
import '#start/routes/alerts'
import '#start/routes/billing'
import '#start/routes/user_settings'

registerRemainingPages()
