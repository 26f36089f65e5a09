import { clsx } from 'clsx'
import { Check, ChevronDown, Globe } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { usePage } from '@inertiajs/react'
import { locales, type Locale } from '#shared/locales'
import { pathFor } from '#shared/route_table'
import { Flag } from '~/components/flag'
import {
  Dropdown,
  DropdownContent,
  DropdownLabel,
  DropdownRadioGroup,
  DropdownTrigger,
  dropdownItemClasses,
} from '~/components/ui/dropdown'
import { useI18n } from '~/lib/i18n'
import type { SharedProps } from '~/types'

/** Where choosing a language goes: the server sets the locale cookie and redirects to `to`. */
export function localeSwitchHref(code: Locale, alternates: SharedProps['alternates']) {
  const to = alternates?.[code] ?? pathFor('home', code)
  return `/locale/${code}?to=${encodeURIComponent(to)}`
}

/**
 * Lists each language with its flag and native name. A choice is a plain link
 * (a full page load): the server stores the choice for 365 days and sends the
 * visitor to the same page in that language. The menu closes on choosing.
 */
export function LanguageDropdown({
  variant = 'default',
  className,
}: {
  variant?: 'default' | 'compact' | 'dark'
  className?: string
}) {
  const { t, locale } = useI18n()
  const { alternates } = usePage<SharedProps>().props
  const current = locales.find((entry) => entry.code === locale) ?? locales[0]
  // The accessible name starts with the visible text ("EN" or the language's name), so
  // that a voice-control user can say what they see (WCAG 2.5.3 Label in Name).
  const visible = variant === 'compact' ? current.code.toUpperCase() : current.nativeName
  const name =
    variant === 'compact'
      ? t('common.language.currentCode', { code: visible, language: current.nativeName })
      : t('common.language.current', { language: current.nativeName })

  return (
    <Dropdown modal={false}>
      <DropdownTrigger
        aria-label={name}
        className={clsx(
          'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          variant === 'dark'
            ? 'text-slate-300 hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100',
          className
        )}
        data-testid="language-dropdown"
      >
        <Globe className="size-4 shrink-0" aria-hidden="true" />
        <Flag code={current.code} />
        <span className={clsx(variant === 'compact' && 'sr-only sm:not-sr-only')}>{visible}</span>
        <ChevronDown className="size-3.5 shrink-0 opacity-60" aria-hidden="true" />
      </DropdownTrigger>
      <DropdownContent className="min-w-44">
        <DropdownLabel>{t('common.language.label')}</DropdownLabel>
        <DropdownRadioGroup value={locale}>
          {locales.map((entry) => (
            <DropdownMenu.RadioItem key={entry.code} value={entry.code} asChild>
              <a
                href={localeSwitchHref(entry.code, alternates)}
                hrefLang={entry.code}
                lang={entry.code}
                className={clsx(dropdownItemClasses, 'pr-8 data-[state=checked]:font-medium')}
              >
                <Flag code={entry.code} />
                <span>{entry.nativeName}</span>
                <DropdownMenu.ItemIndicator className="absolute right-2.5 inline-flex text-brand-600">
                  <Check className="size-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </a>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownRadioGroup>
      </DropdownContent>
    </Dropdown>
  )
}
