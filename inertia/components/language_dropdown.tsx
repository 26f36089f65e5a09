import { clsx } from 'clsx'
import { Check, ChevronDown, Globe } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { usePage } from '@inertiajs/react'
import { locales, type Locale } from '#shared/locales'
import { pathFor } from '#shared/route_table'
import { Flag } from '~/components/flag'
import { dropdownItemClasses } from '~/components/ui/dropdown_classes'
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
 * visitor to the same page in that language.
 *
 * A disclosure (a button that shows a list of links), not a menu widget: it is on every
 * public page, and a menu library would add its weight to each first visit. Escape or a
 * click elsewhere closes it; Escape returns focus to the button.
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
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const current = locales.find((entry) => entry.code === locale) ?? locales[0]
  // The accessible name starts with the visible text ("EN" or the language's name), so
  // that a voice-control user can say what they see (WCAG 2.5.3 Label in Name).
  const visible = variant === 'compact' ? current.code.toUpperCase() : current.nativeName
  const name =
    variant === 'compact'
      ? t('common.language.currentCode', { code: visible, language: current.nativeName })
      : t('common.language.current', { language: current.nativeName })

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent | FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('focusin', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('focusin', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={name}
        aria-expanded={open}
        aria-controls={listId}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen((value) => !value)}
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
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute right-0 z-50 mt-1.5 min-w-44 rounded-xl border border-slate-200 bg-white p-1 text-slate-700 shadow-lg shadow-slate-900/10"
        data-testid="language-list"
      >
        <p className="px-2.5 py-1.5 text-xs font-medium text-slate-500">
          {t('common.language.label')}
        </p>
        <ul>
          {locales.map((entry) => (
            <li key={entry.code}>
              <a
                href={localeSwitchHref(entry.code, alternates)}
                hrefLang={entry.code}
                lang={entry.code}
                aria-current={entry.code === locale ? 'true' : undefined}
                className={clsx(
                  dropdownItemClasses,
                  'pr-8 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600',
                  entry.code === locale && 'font-medium'
                )}
              >
                <Flag code={entry.code} />
                <span>{entry.nativeName}</span>
                {entry.code === locale && (
                  <Check className="absolute right-2.5 size-4 text-brand-600" aria-hidden="true" />
                )}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
