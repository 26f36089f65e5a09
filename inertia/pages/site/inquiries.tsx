import { Head, usePage } from '@inertiajs/react'
import { Inbox, Mail, MessageSquare, Phone } from 'lucide-react'
import { PageHeader } from '~/components/page_header'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { translate } from '~/lib/i18n'
import type { SharedProps } from '~/types'
import type { Data } from '~generated/data'

type ContactMessageRow = Data.Site.ContactMessage

type DemoRequestRow = Data.Site.DemoRequest

type Props = {
  contactMessages: ContactMessageRow[]
  demoRequests: DemoRequestRow[]
  labels: Record<string, string>
}

function Empty({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 px-5 py-8 text-sm text-slate-500">
      <Inbox className="size-4" aria-hidden="true" />
      {text}
    </p>
  )
}

/**
 * Back office, platform staff only (PLATFORM_ADMIN_EMAILS): contact messages and demo
 * requests sent from the public site, newest first. Read-only.
 */
export default function Inquiries({ contactMessages, demoRequests, labels }: Props) {
  const { locale, messages } = usePage<SharedProps>().props
  const t = (key: string, values?: Record<string, string | number>) =>
    translate({ ...messages, ...labels }, key, values)
  const date = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const when = (iso: string) => date.format(new Date(iso))

  return (
    <>
      <Head title={t('site.inquiries.title')} />
      <PageHeader
        title={t('site.inquiries.title')}
        breadcrumbLabel={t('site.inquiries.title')}
        description={t('site.inquiries.description')}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              {t('site.inquiries.demoRequests', { count: demoRequests.length })}
            </CardTitle>
          </CardHeader>
          {demoRequests.length === 0 ? (
            <Empty text={t('site.inquiries.empty')} />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="demo-requests">
              {demoRequests.map((request) => (
                <li key={request.id}>
                  <CardContent className="space-y-1.5 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold text-slate-900">{request.nameOrCompany}</p>
                      <time dateTime={request.createdAt} className="text-xs text-slate-500">
                        {when(request.createdAt)}
                      </time>
                    </div>
                    <p className="text-slate-700">
                      {t(`site.demo.subjects.${request.subject}`)}
                      {request.vehicleCount !== null &&
                        ` · ${t('site.inquiries.vehicles', { count: request.vehicleCount })}`}
                      {` · ${request.locale.toUpperCase()}`}
                    </p>
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600">
                      <a
                        href={`mailto:${request.email}`}
                        className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                      >
                        <Mail className="size-3.5" aria-hidden="true" />
                        {request.email}
                      </a>
                      {request.phone && (
                        <span className="inline-flex items-center gap-1">
                          <Phone className="size-3.5" aria-hidden="true" />
                          {request.phone}
                        </span>
                      )}
                    </p>
                    {request.message && (
                      <p className="whitespace-pre-wrap text-slate-700">{request.message}</p>
                    )}
                  </CardContent>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              {t('site.inquiries.contactMessages', { count: contactMessages.length })}
            </CardTitle>
          </CardHeader>
          {contactMessages.length === 0 ? (
            <Empty text={t('site.inquiries.empty')} />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="contact-messages">
              {contactMessages.map((message) => (
                <li key={message.id}>
                  <CardContent className="space-y-1.5 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold text-slate-900">
                        {message.fullName || message.email}
                      </p>
                      <time dateTime={message.createdAt} className="text-xs text-slate-500">
                        {when(message.createdAt)}
                      </time>
                    </div>
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600">
                      <a
                        href={`mailto:${message.email}`}
                        className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                      >
                        <Mail className="size-3.5" aria-hidden="true" />
                        {message.email}
                      </a>
                      {message.phone && (
                        <span className="inline-flex items-center gap-1">
                          <Phone className="size-3.5" aria-hidden="true" />
                          {message.phone}
                        </span>
                      )}
                      <span>{message.locale.toUpperCase()}</span>
                    </p>
                    {message.message && (
                      <p className="flex gap-1.5 whitespace-pre-wrap text-slate-700">
                        <MessageSquare
                          className="mt-0.5 size-3.5 shrink-0 text-slate-400"
                          aria-hidden="true"
                        />
                        {message.message}
                      </p>
                    )}
                  </CardContent>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  )
}
