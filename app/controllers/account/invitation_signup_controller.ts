import type { HttpContext } from '@adonisjs/core/http'
import Company from '#models/company'
import { userByEmail } from '#queries/account/team'
import {
  acceptAsNewAccount,
  invitationLink,
  openInvitationByToken,
} from '#actions/accounts/invitations'
import { invitationSignupValidator } from '#validators/account/account_validators'
import { signIn } from '#services/user_sessions'
import { homePathOf } from '#services/account/home_page'
import { actionPath } from '#shared/action_routes'
import { pathFor } from '#shared/route_table'
import { invitationForPage } from '#transformers/auth/invitation_transformer'

/**
 * The link of an invitation sent to an address without an account: the invited person
 * creates their account (name, password) and joins the company with the invited role. When
 * the address has an account by now (or someone is signed in), the link of existing accounts
 * takes over: it needs signing in with the invited address.
 */
export default class InvitationSignupController {
  async show({ params, inertia, response, auth, locale, i18n }: HttpContext) {
    const token = String(params.token)
    const open = await openInvitationByToken(token)
    // The auth layout ships only the auth messages: this page's texts (billing.json) come along.
    const texts = (values: Record<string, string> = {}) => ({
      title: i18n.t('billing.team.signup.title'),
      intro: values.company ? i18n.t('billing.team.signup.intro', values) : '',
      email: i18n.t('backend.account.email'),
      fullName: i18n.t('backend.account.full_name'),
      password: i18n.t('billing.team.signup.password'),
      passwordConfirmation: i18n.t('billing.team.signup.password_confirmation'),
      submit: i18n.t('billing.team.signup.submit'),
      login: i18n.t('billing.team.signup.login'),
      refusal: open.ok ? '' : i18n.t(`billing.team.refusals.${open.reason}`),
    })
    if (!open.ok) {
      return inertia.render(
        'auth/invitation',
        invitationForPage({ state: open.reason, texts: texts() })
      )
    }
    const { invitation } = open
    const hasAccount = await userByEmail(invitation.email)
    if (hasAccount || (await auth.check())) {
      return response.redirect(
        actionPath('account.team-members.invitation.accept', locale, { token })
      )
    }
    const company = await Company.findOrFail(invitation.companyId)
    return inertia.render(
      'auth/invitation',
      invitationForPage({
        state: 'open',
        texts: texts({
          company: company.name,
          role: i18n.t(`backend.team.roles.${invitation.role}`),
        }),
        invitation,
        companyName: company.name,
        action: pathFor('invitation', locale, { token }),
      })
    )
  }

  async store(ctx: HttpContext) {
    const { params, request, session, response, i18n, locale } = ctx
    const token = String(params.token)
    const { full_name: fullName, password } = await request.validateUsing(invitationSignupValidator)
    const outcome = await acceptAsNewAccount(token, { fullName, password, locale })
    if (!outcome.ok) {
      if (outcome.reason === 'existing_account') {
        return response.redirect(invitationLink(token, locale).replace(/^https?:\/\/[^/]+/, ''))
      }
      session.flash(
        'error',
        outcome.reason === 'unauthorized'
          ? i18n.t('messages.unauthorized')
          : outcome.reason === 'already_member' || outcome.reason === 'last_owner'
            ? i18n.t(`messages.team.${outcome.reason}`)
            : i18n.t(`billing.team.refusals.${outcome.reason}`)
      )
      return response.redirect(pathFor('invitation', locale, { token }))
    }
    await signIn(ctx, outcome.user)
    session.flash('success', i18n.t('billing.team.joined', { company: outcome.company.name }))
    return response.redirect(homePathOf(outcome.user, request.url()))
  }
}
