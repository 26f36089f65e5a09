import { clsx } from 'clsx'
import { Building2, ChevronsUpDown } from 'lucide-react'
import { router, usePage } from '@inertiajs/react'
import {
  Dropdown,
  DropdownContent,
  DropdownLabel,
  DropdownRadioGroup,
  DropdownRadioItem,
  DropdownTrigger,
} from '~/components/ui/dropdown'
import { useI18n } from '~/lib/i18n'
import { useAction } from '~/lib/routes'
import type { SharedProps } from '~/types'

/** Switches the current company among the user's companies (the current one is checked). */
export function CompanySwitcher({ className }: { className?: string }) {
  const { t } = useI18n()
  const { company, companies } = usePage<SharedProps>().props
  const action = useAction()
  const list = companies ?? []
  if (!company && list.length === 0) return null

  const switchTo = (value: string) => {
    const id = Number(value)
    if (!Number.isFinite(id) || id === company?.id) return
    router.post(action('companies.switch', { id }))
  }

  return (
    <Dropdown modal={false}>
      <DropdownTrigger
        aria-label={t('common.company.switcher', {
          name: company?.name ?? t('common.company.none'),
        })}
        className={clsx(
          'inline-flex h-9 max-w-56 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 text-sm font-medium text-slate-700 shadow-xs transition-colors hover:bg-slate-50 data-[state=open]:bg-slate-50',
          className
        )}
        data-testid="company-switcher"
      >
        <Building2 className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="hidden truncate sm:inline">
          {company?.name ?? t('common.company.none')}
        </span>
        <ChevronsUpDown className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
      </DropdownTrigger>
      <DropdownContent align="end" className="w-64">
        <DropdownLabel>{t('common.company.companies')}</DropdownLabel>
        <DropdownRadioGroup value={company ? String(company.id) : ''} onValueChange={switchTo}>
          {list.map((entry) => (
            <DropdownRadioItem key={entry.id} value={String(entry.id)}>
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-md bg-brand-50 text-xs font-semibold text-brand-700">
                {entry.name.trim().charAt(0).toLocaleUpperCase() || '?'}
              </span>
              <span className="min-w-0 flex-1 truncate">{entry.name}</span>
              {entry.id === company?.id && (
                <span className="sr-only">{t('common.company.current')}</span>
              )}
            </DropdownRadioItem>
          ))}
        </DropdownRadioGroup>
      </DropdownContent>
    </Dropdown>
  )
}
