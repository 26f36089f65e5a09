/*
| Account overview, subscriptions, invoices, payment settings, product ordering and the help
| centre (README "Accounts and billing"). Billing pages are for admins and owners; orders
| and payment settings for owners; marking an order paid for platform staff.
*/
import router from '@adonisjs/core/services/router'
import { action, localized } from '#start/routes/localized'

const AccountOverviewController = () => import('#controllers/account/account_overview_controller')
const SubscriptionsController = () => import('#controllers/account/subscriptions_controller')
const InvoicesController = () => import('#controllers/account/invoices_controller')
const PaymentSettingsController = () => import('#controllers/account/payment_settings_controller')
const ProductOrderingController = () => import('#controllers/account/product_ordering_controller')
const SupportController = () => import('#controllers/account/support_controller')
const CardPaymentsController = () => import('#controllers/account/card_payments_controller')
const TeamMembersController = () => import('#controllers/account/team_members_controller')

localized('get', 'account', [AccountOverviewController, 'show'])
localized('get', 'account.support', [SupportController, 'show'])
localized('post', 'account.support', [SupportController, 'store'])
// Admins and owners, and platform staff (checked in the controller).
localized('get', 'account.invoices', [InvoicesController, 'index'])

router.group(() => {
  localized('get', 'account.subscriptions', [SubscriptionsController, 'index'])
  action('get', 'account.invoices.pdf', [InvoicesController, 'pdf'])
  localized('get', 'account.payment-settings', [PaymentSettingsController, 'show'])
  localized('get', 'account.product-ordering', [ProductOrderingController, 'show'])
})

router.group(() => {
  localized('post', 'account.subscriptions', [SubscriptionsController, 'store'])
  localized('put', 'account.payment-settings', [PaymentSettingsController, 'update'])
  localized('post', 'account.product-ordering', [ProductOrderingController, 'store'])
  action('post', 'account.invoices.pay', [CardPaymentsController, 'pay'])
})

// Platform staff, whatever their company role (checked in the controller).
action('post', 'account.invoices.paid', [InvoicesController, 'markPaid'])
action('post', 'account.discount-codes', [InvoicesController, 'storeDiscountCode'])

// Team invitations: admins and owners resend and revoke; the invited account accepts.
router.group(() => {
  action('post', 'account.team-members.invitation.resend', [
    TeamMembersController,
    'resendInvitation',
  ])
  action('delete', 'account.team-members.invitation', [TeamMembersController, 'revokeInvitation'])
})
action('get', 'account.team-members.invitation.accept', [TeamMembersController, 'acceptInvitation'])

// The card provider's notifications and the buyer's return (no CSRF token: see config/shield.ts).
router.post('/billing/:provider/notification', [CardPaymentsController, 'notification'])
router.post('/billing/:provider/return', [CardPaymentsController, 'return'])
