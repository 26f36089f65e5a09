import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { menuGroups } from '~/lib/menus'
import { FormSection } from '~/components/form/section'

/** The panel and the account menu can't be hidden: nobody could get back to this page. */
const alwaysShown = new Set(['panel', 'account'])

export default function MenuPermissions({ hidden }: { hidden: string[] }) {
  const { t } = useI18n()
  const path = useRoute()
  const form = useForm({ hidden })

  function toggle(key: string, hide: boolean) {
    form.setData(
      'hidden',
      hide ? [...form.data.hidden, key] : form.data.hidden.filter((k) => k !== key)
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(path('account.menu-permissions'), { preserveScroll: true })
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
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('backend.menu_permissions.save')}
            </button>
          </form>
        </FormSection>
      </div>
    </>
  )
}
