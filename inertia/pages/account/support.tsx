import { Head, router, useForm } from '@inertiajs/react'
import type { Data } from '~generated/data'
import { useState, type FormEvent } from 'react'
import { Search } from 'lucide-react'
import { PageHeader } from '~/components/page_header'
import { FormSection } from '~/components/form/section'
import { bindField, InputField, TextAreaField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Props = {
  q: string
  articles: Data.Account.HelpArticle[]
}

export default function Support({ q, articles }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const [query, setQuery] = useState(q)
  const form = useForm({ request_subject: '', request_message: '' })

  function search(event: FormEvent) {
    event.preventDefault()
    router.get(path('account.support'), query.trim() ? { q: query.trim() } : {}, {
      preserveScroll: true,
      preserveState: true,
    })
  }

  function send(event: FormEvent) {
    event.preventDefault()
    form.post(path('account.support'), { preserveScroll: true, onSuccess: () => form.reset() })
  }

  return (
    <>
      <Head title={t('common.routes.account.support')} />
      <PageHeader description={t('billing.support.lead')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="articles-heading">
          <form onSubmit={search} role="search" className="mb-4 flex items-end gap-2">
            <InputField
              className="flex-1"
              label={t('billing.support.search')}
              name="q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            <Button type="submit" variant="outline">
              <Search className="size-4" aria-hidden="true" />
              {t('billing.support.searchButton')}
            </Button>
          </form>
          <h2 id="articles-heading" className="mb-2 text-base font-semibold text-slate-900">
            {t('billing.support.articles')}
          </h2>
          {articles.length === 0 ? (
            <p className="text-sm text-slate-600">{t('billing.support.noArticles')}</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
              data-testid="articles"
            >
              {articles.map((article) => (
                <li key={article.id} className="px-4 py-3">
                  <a href={article.href} className="font-medium text-brand-700 hover:underline">
                    {article.name}
                  </a>
                  {article.summary && <p className="text-sm text-slate-600">{article.summary}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <FormSection title={t('billing.support.requestHeading')}>
          <form onSubmit={send} className="grid gap-4" noValidate>
            <InputField
              label={t('billing.support.subject')}
              {...bindField(form, 'request_subject')}
              required
            />
            <TextAreaField
              label={t('billing.support.message')}
              {...bindField(form, 'request_message')}
              required
            />
            <div>
              <Button type="submit" disabled={form.processing}>
                {t('billing.support.send')}
              </Button>
            </div>
          </form>
        </FormSection>
      </div>
    </>
  )
}
