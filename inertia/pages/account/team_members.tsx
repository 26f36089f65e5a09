import { Head, router, useForm, usePage } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useAction, useRoute } from '~/lib/routes'
import { bindField, InputField, SelectField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import type { SharedProps } from '~/types'
import { useFormat } from '~/lib/format'
import { Button } from '~/components/ui/button'
import { CardTable } from '~/components/ui/table'
import { teamRoles } from '#shared/team_roles'

type Member = Data.Account.TeamMember
type DeviceGroup = Data.Fleet.DeviceGroup

/** The vehicle groups a member is limited to (none: every vehicle), for owners and admins. */
function VehicleGroupsField({ member, groups }: { member: Member; groups: DeviceGroup[] }) {
  const { t } = useI18n()
  const action = useAction()
  const [chosen, setChosen] = useState<number[]>(member.deviceGroupIds)
  const errors = usePage<SharedProps>().props.errors as Record<string, string> | undefined
  const names = groups.filter((group) => member.deviceGroupIds.includes(group.id))
  const summary =
    names.length > 0 ? names.map((group) => group.name).join(', ') : t('backend.team.all_vehicles')
  if (member.role === 'owner' || member.role === 'admin') {
    return <span className="text-slate-600">{t('backend.team.all_vehicles')}</span>
  }
  return (
    <details data-testid={`vehicle-groups-${member.id}`}>
      <summary className="cursor-pointer text-slate-700">{summary}</summary>
      <form
        className="mt-2 grid gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          router.put(
            action('account.team-members.member.vehicle-groups', { memberId: member.id }),
            { deviceGroupIds: chosen },
            { preserveScroll: true }
          )
        }}
      >
        <fieldset>
          <legend className="sr-only">{t('backend.team.vehicle_groups')}</legend>
          {groups.map((group) => (
            <label key={group.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(group.id)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, group.id]
                      : current.filter((id) => id !== group.id)
                  )
                }
              />
              {group.name}
            </label>
          ))}
        </fieldset>
        {errors?.deviceGroupIds && <p className="text-red-600">{errors.deviceGroupIds}</p>}
        <button type="submit" className="justify-self-start text-blue-700 hover:underline">
          {t('backend.team.save_groups')}
        </button>
      </form>
    </details>
  )
}

type Invitation = Data.Account.TeamInvitation

const roles = teamRoles

export default function TeamMembers({
  members,
  invitations = [],
  deviceGroups = [],
}: {
  members: Member[]
  invitations?: Invitation[]
  deviceGroups?: DeviceGroup[]
}) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const { can } = usePage<SharedProps>().props
  const base = path('account.team-members')
  const action = useAction()
  const canManage = Boolean(can?.administerCompany)
  const form = useForm({ email: '', role: 'user' })
  const [removing, setRemoving] = useState<Member | null>(null)

  function add(event: FormEvent) {
    event.preventDefault()
    form.post(base, { preserveScroll: true, onSuccess: () => form.reset() })
  }

  const roleOptions = roles.map((role) => ({ value: role, label: t(`backend.team.roles.${role}`) }))

  return (
    <>
      <Head title={t('common.routes.account.team-members')} />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">
        {t('common.routes.account.team-members')}
      </h1>
      <div className="grid max-w-4xl gap-6">
        <CardTable testId="team-members">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-4 py-3 font-medium">{t('backend.team.member')}</th>
              <th className="px-4 py-3 font-medium">{t('backend.team.role')}</th>
              {canManage && deviceGroups.length > 0 && (
                <th className="px-4 py-3 font-medium" title={t('backend.team.vehicle_groups_help')}>
                  {t('backend.team.vehicle_groups')}
                </th>
              )}
              <th className="px-4 py-3 font-medium">{t('backend.team.status')}</th>
              <th className="px-4 py-3" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.id}>
                <td className="px-4 py-3">
                  <div className="font-medium text-slate-900">{member.name || member.email}</div>
                  {member.name && <div className="text-slate-500">{member.email}</div>}
                </td>
                <td className="px-4 py-3">
                  {canManage ? (
                    <select
                      aria-label={t('backend.team.role')}
                      value={member.role}
                      onChange={(event) =>
                        router.put(
                          action('account.team-members.member', { memberId: member.id }),
                          { role: event.target.value },
                          { preserveScroll: true }
                        )
                      }
                      className="rounded-md border border-slate-300 px-2 py-1"
                    >
                      {roleOptions.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    t(`backend.team.roles.${member.role}`)
                  )}
                </td>
                {canManage && deviceGroups.length > 0 && (
                  <td className="px-4 py-3">
                    <VehicleGroupsField member={member} groups={deviceGroups} />
                  </td>
                )}
                <td className="px-4 py-3 text-slate-600">
                  {member.confirmed ? t('backend.team.confirmed') : t('backend.team.invited')}
                </td>
                <td className="px-4 py-3 text-right">
                  {canManage && (
                    <button
                      type="button"
                      onClick={() => setRemoving(member)}
                      className="text-red-600 hover:underline"
                    >
                      {t('backend.team.remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>

        {canManage && deviceGroups.length > 0 && (
          <p className="text-sm text-slate-600">{t('backend.team.vehicle_groups_help')}</p>
        )}

        {canManage && invitations.length > 0 && (
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="mb-2 text-base font-semibold text-slate-900">
              {t('billing.team.invitations')}
            </h2>
            <ul
              className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
              data-testid="invitations"
            >
              {invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm"
                >
                  <span className="font-medium text-slate-900">{invitation.email}</span>
                  <span className="text-slate-600">
                    {t(`backend.team.roles.${invitation.role}`)}
                  </span>
                  <span className="text-slate-500">
                    {invitation.expired
                      ? t('billing.team.expired')
                      : t('billing.team.expires', { date: format.date(invitation.expiresAt) })}
                  </span>
                  <span className="ml-auto flex gap-3">
                    <button
                      type="button"
                      className="text-brand-700 hover:underline"
                      onClick={() =>
                        router.post(
                          action('account.team-members.invitation.resend', { id: invitation.id }),
                          {},
                          { preserveScroll: true }
                        )
                      }
                    >
                      {t('billing.team.resend')}
                    </button>
                    <button
                      type="button"
                      className="text-red-600 hover:underline"
                      onClick={() =>
                        router.delete(
                          action('account.team-members.invitation', { id: invitation.id }),
                          {
                            preserveScroll: true,
                          }
                        )
                      }
                    >
                      {t('billing.team.revoke')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {removing && (
          <div
            role="alertdialog"
            aria-modal="true"
            className="rounded-xl border border-red-200 bg-red-50 p-4"
          >
            <p className="text-sm text-red-800">
              {t('backend.team.remove_confirm', { name: removing.name || removing.email })}
            </p>
            <div className="mt-3 flex gap-2">
              <Button
                type="button"
                variant="danger"
                size="sm"
                onClick={() =>
                  router.delete(action('account.team-members.member', { memberId: removing.id }), {
                    preserveScroll: true,
                    onFinish: () => setRemoving(null),
                  })
                }
              >
                {t('backend.team.remove')}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => setRemoving(null)}>
                {t('backend.team.cancel')}
              </Button>
            </div>
          </div>
        )}

        {canManage && (
          <FormSection title={t('backend.team.add_title')}>
            <form
              onSubmit={add}
              className="grid gap-4 sm:grid-cols-[1fr_200px_auto] sm:items-end"
              noValidate
            >
              <InputField
                label={t('backend.team.email')}
                type="email"
                {...bindField(form, 'email')}
              />
              <SelectField
                label={t('backend.team.role')}
                options={roleOptions}
                {...bindField(form, 'role')}
              />
              <Button type="submit">{t('backend.team.add')}</Button>
            </form>
            <ul className="mt-4 space-y-1 text-xs text-slate-500">
              {roles.map((role) => (
                <li key={role}>
                  <strong>{t(`backend.team.roles.${role}`)}:</strong>{' '}
                  {t(`backend.team.role_help.${role}`)}
                </li>
              ))}
            </ul>
          </FormSection>
        )}
      </div>
    </>
  )
}
