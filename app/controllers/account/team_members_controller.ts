import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import {
  changeRole,
  removeMember,
  type MembershipActor,
  type MembershipRefusal,
} from '#actions/accounts/team_membership'
import {
  memberVehicleGroupsValidator,
  teamMemberValidator,
  teamRoleValidator,
} from '#validators/account/account_validators'
import {
  companyDeviceGroups,
  companyMembers,
  findCompanyMember,
  isCompanyMember,
  openInvitations,
  userByEmail,
} from '#queries/account/team'
import { setMemberVehicleGroups } from '#actions/accounts/member_vehicle_groups'
import { errors as vineErrors } from '@vinejs/vine'
import {
  acceptInvitation,
  findOpenInvitation,
  inviteByEmail,
  resendInvitation,
  revokeInvitation,
  type InvitationRefusal,
} from '#actions/accounts/invitations'
import { pathFor } from '#shared/route_table'
import { deviceGroupForChoice } from '#transformers/fleet/device_group_transformer'
import { teamInvitationForList } from '#transformers/account/team_invitation_transformer'
import { teamMemberForList } from '#transformers/account/team_member_transformer'

/**
 * Team members of the current company. Admins and owners manage them; only an
 * owner may make or unmake owners, and the last owner cannot leave or be demoted.
 */
export default class TeamMembersController {
  async index({ inertia, company, bouncer }: HttpContext) {
    const members = await companyMembers(company!.id)
    const invitations = (await bouncer.allows('administerCompany'))
      ? await openInvitations(company!.id)
      : []
    const deviceGroups = await companyDeviceGroups(company!.id)
    return inertia.render('account/team_members', {
      deviceGroups: deviceGroups.map(deviceGroupForChoice),
      invitations: invitations.map(teamInvitationForList),
      members: members.map(teamMemberForList),
    })
  }

  /**
   * Invites an address with a role: nobody is added without their consent. An existing
   * account gets a link that adds it once accepted (an existing member is refused; their role
   * changes only through `update`); an address without an account gets a link to a page where
   * they create it (name, password) and join. The e-mail is in the invitee's language when
   * they have an account, else in the language of the page the invitation was sent from.
   */
  async store(ctx: HttpContext) {
    const { request, company, session, response, i18n, locale } = ctx
    const { email, role } = await request.validateUsing(teamMemberValidator)
    const existing = await userByEmail(email)
    if (existing && (await isCompanyMember(company!.id, existing.id))) {
      return this.refuse(ctx, 'already_member')
    }
    const invited = await inviteByEmail(
      { user: ctx.auth.user!, role: ctx.membership!.role },
      company!,
      existing?.email ?? email,
      role,
      existing ? (existing.locale === 'tr' ? 'tr' : 'en') : locale
    )
    if (!invited.ok) return this.refuseInvitation(ctx, invited.reason)
    session.flash('success', i18n.t('billing.team.invited', { email: invited.invitation.email }))
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

  /**
   * The vehicle groups a member is limited to (owners and admins, `administerCompany`): none
   * chosen means every vehicle. A group of another company is refused (422); owners and
   * admins see every vehicle whatever is stored (docs/permissions.md).
   */
  async updateVehicleGroups(ctx: HttpContext) {
    const { params, request, session, response, i18n, company } = ctx
    const member = await this.findMember(ctx, params.memberId)
    const { deviceGroupIds = [] } = await request.validateUsing(memberVehicleGroupsValidator)
    const outcome = await setMemberVehicleGroups(company!.id, member.id, deviceGroupIds)
    if (!outcome.ok) {
      throw new vineErrors.E_VALIDATION_ERROR([
        {
          field: 'deviceGroupIds',
          message: i18n.t('backend.team.unknown_group'),
          rule: 'deviceGroupIds',
        },
      ])
    }
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

  async resendInvitation(ctx: HttpContext) {
    const invitation = await findOpenInvitation(ctx.company!.id, Number(ctx.params.id))
    if (await ctx.bouncer.denies('grantRole', invitation.role)) {
      return this.refuse(ctx, 'unauthorized')
    }
    const invitee = await User.findBy('email', invitation.email)
    await resendInvitation(
      invitation,
      invitee ? (invitee.locale === 'tr' ? 'tr' : 'en') : ctx.locale
    )
    ctx.session.flash('success', ctx.i18n.t('billing.team.resent', { email: invitation.email }))
    return ctx.response.redirect().back()
  }

  async revokeInvitation(ctx: HttpContext) {
    const invitation = await findOpenInvitation(ctx.company!.id, Number(ctx.params.id))
    if (await ctx.bouncer.denies('grantRole', invitation.role)) {
      return this.refuse(ctx, 'unauthorized')
    }
    await revokeInvitation(invitation)
    ctx.session.flash('success', ctx.i18n.t('billing.team.revoked', { email: invitation.email }))
    return ctx.response.redirect().back()
  }

  /** The link of an invitation e-mail, for the signed-in account it was sent to. */
  async acceptInvitation(ctx: HttpContext) {
    const { params, auth, session, response, i18n, locale } = ctx
    const outcome = await acceptInvitation(String(params.token), auth.user!)
    if (!outcome.ok) {
      session.flash(
        'error',
        outcome.reason === 'unauthorized'
          ? i18n.t('messages.unauthorized')
          : outcome.reason === 'already_member' || outcome.reason === 'last_owner'
            ? i18n.t(`messages.team.${outcome.reason}`)
            : i18n.t(`billing.team.refusals.${outcome.reason}`)
      )
      return response.redirect(pathFor('backend', locale))
    }
    session.flash('success', i18n.t('billing.team.joined', { company: outcome.company.name }))
    return response.redirect(pathFor('backend', locale))
  }

  private refuseInvitation(ctx: HttpContext, reason: InvitationRefusal) {
    if (reason === 'unauthorized' || reason === 'already_member' || reason === 'last_owner') {
      return this.refuse(ctx, reason)
    }
    ctx.session.flash('error', ctx.i18n.t(`billing.team.refusals.${reason}`))
    return ctx.response.redirect().back()
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
    return findCompanyMember(company!.id, id)
  }
}
