import type { HttpContext } from '@adonisjs/core/http'
import TeamMember from '#models/team_member'
import User from '#models/user'
import {
  changeRole,
  joinCompany,
  removeMember,
  type MembershipActor,
  type MembershipRefusal,
} from '#actions/accounts/team_membership'
import { teamMemberValidator, teamRoleValidator } from '#validators/account/account_validators'
import { passwordResetLink } from '#services/auth_links'
import { sendTemplateMail } from '#services/mailer'

/**
 * Team members of the current company. Admins and owners manage them; only an
 * owner may make or unmake owners, and the last owner cannot leave or be demoted.
 */
export default class TeamMembersController {
  async index({ inertia, company }: HttpContext) {
    const members = await TeamMember.query()
      .where('company_id', company!.id)
      .preload('user')
      .orderBy('id', 'asc')
    return inertia.render('account/team_members', {
      members: members.map((member) => ({
        id: member.id,
        userId: member.userId,
        email: member.user.email,
        name: member.user.fullName,
        role: member.role,
        confirmed: member.user.isConfirmed,
      })),
    })
  }

  /**
   * Adds a person who has no account yet: they get one and a link to set a password.
   * An existing account is never added without its owner's consent: until
   * invitations exist, it is refused (and so is an existing member, whose role
   * changes only through `update`).
   */
  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n, locale } = ctx
    const { email, role } = await request.validateUsing(teamMemberValidator)
    const existing = await User.findBy('email', email)
    if (existing) {
      const member = await TeamMember.query()
        .where('company_id', company!.id)
        .where('user_id', existing.id)
        .first()
      return this.refuse(ctx, member ? 'already_member' : 'existing_account')
    }
    const user = await User.create({ email, password: null, locale })
    const outcome = await joinCompany(this.actor(ctx), company!, user, role)
    if (!outcome.ok) {
      await user.delete()
      return this.refuse(ctx, outcome.reason)
    }
    await sendTemplateMail({
      to: email,
      locale,
      template: 'invite',
      values: { company: company!.name },
      action: { url: passwordResetLink(user, locale) },
    })
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const { params, request, session, response, i18n } = ctx
    const member = await this.findMember(ctx, params.memberId)
    const { role } = await request.validateUsing(teamRoleValidator)
    const outcome = await changeRole(this.actor(ctx), member, role)
    if (!outcome.ok) return this.refuse(ctx, outcome.reason)
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { params, session, response, i18n } = ctx
    const member = await this.findMember(ctx, params.memberId)
    const outcome = await removeMember(this.actor(ctx), member)
    if (!outcome.ok) return this.refuse(ctx, outcome.reason)
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }

  private actor({ membership }: HttpContext): MembershipActor {
    return { role: membership!.role }
  }

  private refuse(
    { session, response, i18n }: HttpContext,
    reason: MembershipRefusal | 'existing_account'
  ) {
    session.flash(
      'error',
      reason === 'unauthorized'
        ? i18n.t('messages.unauthorized')
        : i18n.t(`messages.team.${reason}`)
    )
    return response.redirect().back()
  }

  /** Through the current company only: another company's member is a 404. */
  private findMember({ company }: HttpContext, id: unknown) {
    return TeamMember.query()
      .where('company_id', company!.id)
      .where('id', Number(id) || 0)
      .firstOrFail()
  }
}
