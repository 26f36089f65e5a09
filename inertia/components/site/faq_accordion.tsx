import { ChevronDown } from 'lucide-react'
import { Prose } from '~/components/site/prose'
import type { FaqItem } from '~/components/site/types'

/**
 * Questions and answers as native disclosure widgets: keyboard and screen-reader friendly,
 * and they open and close without JavaScript.
 */
export function FaqAccordion({ faqs }: { faqs: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq) => (
        <details key={faq.key} id={faq.slug} className="group" data-testid="faq-item">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <ChevronDown
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="px-6 pb-6">
            <Prose html={faq.answerHtml} className="text-[15px]/7" />
          </div>
        </details>
      ))}
    </div>
  )
}
