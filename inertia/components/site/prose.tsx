import { clsx } from 'clsx'

/**
 * A post's body: HTML rendered from Markdown at import (raw HTML in the source is escaped
 * there), styled without a typography plugin.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={clsx(
        'max-w-none text-base/7 text-slate-700',
        '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900',
        '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
        '[&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-slate-900',
        '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_li]:pl-1 [&_li::marker]:text-brand-600',
        '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:underline-offset-2 hover:[&_a]:decoration-brand-600',
        '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm [&_code]:text-slate-800',
        '[&_pre]:my-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
        '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 [&_blockquote]:italic',
        '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border-b [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2',
        '[&_hr]:my-10 [&_hr]:border-slate-200 [&>*:first-child]:mt-0',
        className
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
