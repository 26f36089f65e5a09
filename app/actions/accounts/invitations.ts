import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import TeamInvitation from '#models/team_invitation'
import TeamMember from '#models/team_member'
import User from '#models/user'
import { joinCompany, type MembershipRefusal } from '#actions/accounts/team_membership'
import i18nManager from '@adonisjs/i18n/services/main'
import type { TeamRole } from '#enums/team_role'
import { mayGrantRole } from '#abilities/roles'
import { sendAccountMail } from '#services/billing/account_mailer'
import { appUrl } from '#services/alternates'
import { actionPath } from '#shared/action_routes'
import { pathFor } from '#shared/route_table'
import type { Locale } from '#shared/locales'

/**
 * Invitations to join a company: an admin or owner invites an address with a role; the link
 * (a random token, only its SHA-256 stored) e-mailed to it either adds the signed-in user
 * with that address to the company (an existing account), or opens a page where the person
 * creates their account (name, password) and joins (an address without an account). Both
 * follow the rules of team_membership.ts as they apply to the person who invited. Valid for
 * 7 days, resendable (a new link) and revocable.
 */
export const INVITATION_DAYS = 7

export type InvitationRefusal =
  MembershipRefusal | 'invalid' | 'expired' | 'wrong_account' | 'already_invited'

function hash(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

function newToken() {
  return randomBytes(32).toString('base64url')
}

/** The link of an existing account: accepted while signed in with the invited address. */
export function invitationLink(token: string, locale: Locale) {
  return `${appUrl()}${actionPath('account.team-members.invitation.accept', locale, { token })}`
}

/** The link of an address without an account: the page that creates it. */
export function newAccountInvitationLink(token: string, locale: Locale) {
  return `${appUrl()}${pathFor('invitation', locale, { token })}`
}

/** The mail names the company, who invited and with which role (what the link will grant). */
async function mailInvitation(invitation: TeamInvitation, token: string, locale: Locale) {
  const company = await Company.findOrFail(invitation.companyId)
  const hasAccount = await User.query()
    .whereRaw('lower(email) = ?', [invitation.email.toLowerCase()])
    .first()
  const inviter = invitation.invitedBy ? await User.find(invitation.invitedBy) : null
  await sendAccountMail({
    to: invitation.email,
    locale,
    template: hasAccount ? 'invitation' : 'invitation_new',
    values: {
      company: company.name,
      days: INVITATION_DAYS,
      inviter: inviter?.displayName ?? company.name,
      role: i18nManager.locale(locale).t(`backend.team.roles.${invitation.role}`),
    },
    actionUrl: hasAccount ? invitationLink(token, locale) : newAccountInvitationLink(token, locale),
  })
}

/** Invites `email` (with or without an account) to `company` as `role`; e-mails the link. */
export async function inviteByEmail(
  inviter: { user: User; role: TeamRole },
  company: Company,
  email: string,
  role: TeamRole,
  locale: Locale
): Promise<{ ok: true; invitation: TeamInvitation } | { ok: false; reason: InvitationRefusal }> {
  if (!mayGrantRole(inviter.role, role)) return { ok: false, reason: 'unauthorized' }
  const token = newToken()
  const result = await db.transaction(async (trx) => {
    const open = await TeamInvitation.query({ client: trx })
      .where('company_id', company.id)
      .whereRaw('lower(email) = ?', [email.toLowerCase()])
      .whereNull('accepted_at')
      .whereNull('revoked_at')
      .forUpdate()
      .first()
    if (open && open.expiresAt > DateTime.now()) return null
    if (open) {
      open.revokedAt = DateTime.now()
      open.useTransaction(trx)
      await open.save()
    }
    return TeamInvitation.create(
      {
        companyId: company.id,
        email: email.toLowerCase(),
        role,
        tokenHash: hash(token),
        invitedBy: inviter.user.id,
        invitedByRole: inviter.role,
        expiresAt: DateTime.now().plus({ days: INVITATION_DAYS }),
      },
      { client: trx }
    )
  })
  if (!result) return { ok: false, reason: 'already_invited' }
  await mailInvitation(result, token, locale)
  return { ok: true, invitation: result }
}

/** A company's open invitation by id (another company's: not found). */
export function findOpenInvitation(companyId: number, id: number) {
  return TeamInvitation.query()
    .where('company_id', companyId)
    .where('id', id)
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .firstOrFail()
}

/** A new link and 7 more days; the old link stops working. */
export async function resendInvitation(invitation: TeamInvitation, locale: Locale) {
  const token = newToken()
  invitation.merge({
    tokenHash: hash(token),
    expiresAt: DateTime.now().plus({ days: INVITATION_DAYS }),
  })
  await invitation.save()
  await mailInvitation(invitation, token, locale)
}

export async function revokeInvitation(invitation: TeamInvitation) {
  invitation.revokedAt = DateTime.now()
  await invitation.save()
}

/**
 * Accepts the invitation of `token` for the signed-in `user`: the address must be theirs.
 * Adds them with the invited role and makes the company their current one.
 */
export async function acceptInvitation(
  token: string,
  user: User
): Promise<{ ok: true; company: Company } | { ok: false; reason: InvitationRefusal }> {
  const invitation = await TeamInvitation.query()
    .where('token_hash', hash(token))
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .first()
  if (!invitation) return { ok: false, reason: 'invalid' }
  if (invitation.expiresAt < DateTime.now()) return { ok: false, reason: 'expired' }
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    return { ok: false, reason: 'wrong_account' }
  }
  const company = await Company.findOrFail(invitation.companyId)
  const member = await TeamMember.query()
    .where('company_id', company.id)
    .where('user_id', user.id)
    .first()
  const outcome = member
    ? ({ ok: false, reason: 'already_member' } as const)
    : await joinCompany({ role: invitation.invitedByRole }, company, user, invitation.role)
  invitation.acceptedAt = DateTime.now()
  await invitation.save()
  if (!outcome.ok) return outcome
  user.currentCompanyId = company.id
  await user.save()
  return { ok: true, company }
}

/** An invitation that its link can still use, or why not. */
export async function openInvitationByToken(
  token: string
): Promise<
  { ok: true; invitation: TeamInvitation } | { ok: false; reason: 'invalid' | 'expired' }
> {
  const invitation = await TeamInvitation.query()
    .where('token_hash', hash(token))
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .first()
  if (!invitation) return { ok: false, reason: 'invalid' }
  if (invitation.expiresAt < DateTime.now()) return { ok: false, reason: 'expired' }
  return { ok: true, invitation }
}

/**
 * The invited address had no account: creates it (confirmed: the link reached the address)
 * with the name and password given, and joins the company with the invited role. Nothing is
 * kept when joining is refused.
 */
export async function acceptAsNewAccount(
  token: string,
  details: { fullName: string; password: string; locale: Locale }
): Promise<
  | { ok: true; company: Company; user: User }
  | { ok: false; reason: InvitationRefusal | 'existing_account' }
> {
  const open = await openInvitationByToken(token)
  if (!open.ok) return open
  const email = open.invitation.email.toLowerCase()
  if (await User.query().whereRaw('lower(email) = ?', [email]).first()) {
    return { ok: false, reason: 'existing_account' }
  }
  const user = await User.create({
    email,
    password: details.password,
    fullName: details.fullName,
    locale: details.locale,
    emailVerifiedAt: DateTime.now(),
  })
  const outcome = await acceptInvitation(token, user)
  if (!outcome.ok) {
    await user.delete()
    return outcome
  }
  return { ok: true, company: outcome.company, user }
}
