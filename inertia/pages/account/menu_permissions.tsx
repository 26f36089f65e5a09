import { Head, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { menuGroups } from '~/lib/menus'
import { FormSection } from '~/components/form/section'
import { bindCheckbox, SelectField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'

/** The panel and the account menu can't be hidden: nobody could get back to this page. */
const alwaysShown = new Set(['panel', 'account'])

type Props = {
  hidden: string[]
  roles?: Data.Account.RoleMenuPermission[]
  members?: Data.Account.MemberMenuPermission[]
}

/**
 * Menus hidden for everyone in the company, for a role or for one member: a member's own
 * setting overrides their role's, which overrides the company's (enforced on the server too).
 */
export default function MenuPermissions({ hidden, roles = [], members = [] }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const [scope, setScope] = useState('company')
  const current = (() => {
    if (scope.startsWith('role:')) {
      const rule = roles.find((entry) => `role:${entry.role}` === scope)
      return { own: rule?.hidden ?? null, inherited: hidden }
    }
    if (scope.startsWith('user:')) {
      const member = members.find((entry) => `user:${entry.userId}` === scope)
      const roleRule = roles.find((entry) => entry.role === member?.role)?.hidden ?? null
      return { own: member?.hidden ?? null, inherited: roleRule ?? hidden }
    }
    return { own: hidden, inherited: hidden }
  })()
  const form = useForm({ hidden: current.own ?? current.inherited })
  const hrAccessOf = (value: string) =>
    roles.find((entry) => `role:${entry.role}` === value)?.hrAccess ??
    members.find((entry) => `user:${entry.userId}` === value)?.hrAccess ??
    false
  const hrForm = useForm({ hr_access: hrAccessOf(scope) })

  function choose(value: string) {
    setScope(value)
    const next = (() => {
      if (value.startsWith('role:')) {
        return roles.find((entry) => `role:${entry.role}` === value)?.hidden ?? hidden
      }
      if (value.startsWith('user:')) {
        const member = members.find((entry) => `user:${entry.userId}` === value)
        const roleRule = roles.find((entry) => entry.role === member?.role)?.hidden ?? null
        return member?.hidden ?? roleRule ?? hidden
      }
      return hidden
    })()
    form.setData('hidden', next)
    hrForm.setData('hr_access', hrAccessOf(value))
  }

  function toggle(key: string, hide: boolean) {
    form.setData(
      'hidden',
      hide ? [...form.data.hidden, key] : form.data.hidden.filter((k) => k !== key)
    )
  }

  function scopeFields(inheritWider = false) {
    if (scope.startsWith('role:'))
      return { scope: 'role', role: scope.slice(5), inherit: inheritWider }
    if (scope.startsWith('user:'))
      return { scope: 'user', user_id: Number(scope.slice(5)), inherit: inheritWider }
    return { scope: 'company' }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => ({ ...data, ...scopeFields() }))
    form.put(path('account.menu-permissions'), { preserveScroll: true, preserveState: true })
  }

  function saveHrAccess(event: FormEvent) {
    event.preventDefault()
    hrForm.transform((data) => ({ ...data, ...scopeFields() }))
    hrForm.put(path('account.menu-permissions'), { preserveScroll: true, preserveState: true })
  }

  function followWider() {
    form.transform((data) => ({ ...data, ...scopeFields(true) }))
    form.put(path('account.menu-permissions'), { preserveScroll: true, preserveState: true })
  }

  return (
    <>
      <Head title={t('common.routes.account.menu-permissions')} />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">
        {t('common.routes.account.menu-permissions')}
      </h1>
      <div className="max-w-2xl">
        <FormSection title={t('common.routes.account.menu-permissions')}>
          <p className="mb-4 text-sm text-slate-600">{t('backend.menu_permissions.intro')}</p>
          <div className="mb-4">
            <SelectField
              label={t('billing.menus.appliesTo')}
              name="scope"
              value={scope}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="company">{t('billing.menus.everyone')}</option>
              <optgroup label={t('billing.menus.roles')}>
                {roles.map((entry) => (
                  <option key={entry.role} value={`role:${entry.role}`}>
                    {t(`backend.team.roles.${entry.role}`)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('billing.menus.members')}>
                {members.map((member) => (
                  <option key={member.userId} value={`user:${member.userId}`}>
                    {member.email}
                  </option>
                ))}
              </optgroup>
            </SelectField>
            {scope !== 'company' && (
              <p className="mt-2 text-sm text-slate-600" data-testid="menu-scope-state">
                {current.own === null ? t('billing.menus.inherits') : t('billing.menus.own')}
              </p>
            )}
          </div>
          <form onSubmit={submit} className="space-y-3">
            {menuGroups
              .filter((group) => !alwaysShown.has(group.key))
              .map((group) => (
                <label
                  key={group.key}
                  className="flex items-center justify-between rounded-lg border border-slate-200 px-4 py-3"
                >
                  <span className="font-medium text-slate-800">{t(group.labelKey)}</span>
                  <span className="flex items-center gap-2 text-sm text-slate-600">
                    {t('backend.menu_permissions.hide')}
                    <input
                      type="checkbox"
                      name={`hide-${group.key}`}
                      className="h-4 w-4 rounded border-slate-300 text-brand-600"
                      checked={form.data.hidden.includes(group.key)}
                      onChange={(event) => toggle(group.key, event.target.checked)}
                    />
                  </span>
                </label>
              ))}
            <div className="flex flex-wrap gap-3">
              <Button type="submit">{t('backend.menu_permissions.save')}</Button>
              {scope !== 'company' && current.own !== null && (
                <Button type="button" variant="outline" onClick={followWider}>
                  {t('billing.menus.useWider')}
                </Button>
              )}
            </div>
          </form>
          {scope !== 'company' && (
            <form
              onSubmit={saveHrAccess}
              className="mt-6 space-y-3 border-t border-slate-200 pt-4"
              data-testid="hr-access"
            >
              <label className="flex items-center justify-between rounded-lg border border-slate-200 px-4 py-3">
                <span>
                  <span className="block font-medium text-slate-800">
                    {t('billing.menus.hrAccess')}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {t('billing.menus.hrAccessHelp')}
                  </span>
                </span>
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 text-brand-600"
                  {...bindCheckbox(hrForm, 'hr_access')}
                />
              </label>
              <Button type="submit" variant="outline">
                {t('billing.menus.hrAccessSave')}
              </Button>
            </form>
          )}
        </FormSection>
      </div>
    </>
  )
}
