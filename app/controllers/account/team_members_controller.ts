import type { HttpContext } from '@adonisjs/core/http'
import TeamMember from '#models/team_member'
import User from '#models/user'
import { addMember } from '#services/tenancy'
import { teamMemberValidator, teamRoleValidator } from '#validators/account/account_validators'
import { authorize, hasRole } from '#policies/role_policy'
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

  /** Adds someone by e-mail; a person without an account gets one and a link to set a password. */
  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n, locale } = ctx
    const { email, role } = await request.validateUsing(teamMemberValidator)
    if (role === 'owner') authorize(ctx, 'owner')
    let user = await User.findBy('email', email)
    const invited = !user
    if (!user) user = await User.create({ email, password: null, locale })
    await addMember(company!, user, role)
    if (invited) {
      await sendTemplateMail({
        to: email,
        locale,
        template: 'invite',
        values: { company: company!.name },
        action: { url: passwordResetLink(user, locale) },
      })
    }
    session.flash('success', i18n.t('messages.record.created'))
    return response.redirect().back()
  }

  async update(ctx: HttpContext) {
    const { params, request, session, response, i18n } = ctx
    const member = await this.findMember(ctx, params.memberId)
    const { role } = await request.validateUsing(teamRoleValidator)
    if (role === 'owner' || member.role === 'owner') authorize(ctx, 'owner')
    if (member.role === 'owner' && role !== 'owner' && (await this.isLastOwner(member))) {
      session.flash('error', i18n.t('messages.team.last_owner'))
      return response.redirect().back()
    }
    member.role = role
    await member.save()
    session.flash('success', i18n.t('messages.record.updated'))
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    const { params, session, response, i18n } = ctx
    const member = await this.findMember(ctx, params.memberId)
    if (member.role === 'owner' && (!hasRole(ctx, 'owner') || (await this.isLastOwner(member)))) {
      session.flash('error', i18n.t('messages.team.last_owner'))
      return response.redirect().back()
    }
    await member.delete()
    session.flash('success', i18n.t('messages.record.deleted'))
    return response.redirect().back()
  }

  /** Through the current company only: another company's member is a 404. */
  private findMember({ company }: HttpContext, id: unknown) {
    return TeamMember.query()
      .where('company_id', company!.id)
      .where('id', Number(id) || 0)
      .firstOrFail()
  }

  private async isLastOwner(member: TeamMember) {
    const owners = await TeamMember.query()
      .where('company_id', member.companyId)
      .where('role', 'owner')
      .count('* as total')
    return Number(owners[0].$extras.total) <= 1
  }
}
