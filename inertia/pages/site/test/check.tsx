import { CircleCheck, CircleDashed, Radio, Search, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Container } from '~/components/container'
import { InputField } from '~/components/form/fields'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = Data.Site.DeviceCheck

function useDateTime() {
  const { locale } = useI18n()
  const format = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  return (iso: string | null) => (iso ? `${format.format(new Date(iso))} UTC` : '—')
}

/** One fact of a registered tracker. */
function Fact({
  label,
  testId,
  children,
}: {
  label: string
  testId?: string
  children: ReactNode
}) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

const RESULT_TONES = {
  unregistered: {
    section: 'border-amber-200 bg-amber-50',
    title: 'text-amber-900',
    icon: 'text-amber-600',
    text: 'text-amber-900',
  },
  unknown: {
    section: 'border-slate-200 bg-slate-50',
    title: 'text-slate-900',
    icon: 'text-slate-400',
    text: 'text-slate-600',
  },
}

/** The answer for a tracker that is not (or not yet) one of the company's devices. */
function CheckResult({
  tone,
  icon: Icon,
  title,
  text,
}: {
  tone: keyof typeof RESULT_TONES
  icon: LucideIcon
  title: string
  text: string
}) {
  const classes = RESULT_TONES[tone]
  return (
    <section className={`rounded-3xl border ${classes.section} p-6`} data-testid={`check-${tone}`}>
      <h2 className={`flex items-center gap-2 text-lg font-semibold ${classes.title}`}>
        <Icon className={`size-5 ${classes.icon}`} aria-hidden="true" />
        {title}
      </h2>
      <p className={`mt-2 text-sm ${classes.text}`}>{text}</p>
    </section>
  )
}

/** Internal tool: has the server heard from this tracker, and when? (the user's company only) */
export default function Check({ imei, error, result, companyName }: Props) {
  const { t } = useI18n()
  const path = useRoute()
  const when = useDateTime()
  return (
    <>
      <Seo />
      <PageHero
        title={t('site.check.title')}
        lead={t('site.check.lead', { company: companyName ?? '—' })}
      />
      <Container className="max-w-3xl space-y-8 py-12 sm:py-16">
        <form
          method="get"
          action={path('test.check')}
          className="flex flex-col gap-3 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-start"
        >
          <div className="flex-1">
            <InputField
              label={t('site.check.imei')}
              name="imei"
              defaultValue={imei}
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={20}
              error={error ?? undefined}
              hint={t('site.check.imeiHint')}
            />
          </div>
          <Button type="submit" className="sm:mt-7">
            <Search className="size-4" aria-hidden="true" />
            {t('site.check.submit')}
          </Button>
        </form>

        {result?.status === 'registered' && (
          <section
            className="rounded-3xl border border-emerald-200 bg-emerald-50/60 p-6"
            data-testid="check-registered"
          >
            <h2 className="flex items-center gap-2 text-lg font-semibold text-emerald-900">
              <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />
              {t('site.check.registered', { name: result.device.name })}
            </h2>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <Fact label={t('site.check.fields.plate')}>{result.device.plate ?? '—'}</Fact>
              <Fact label={t('site.check.fields.protocol')}>{result.device.protocol}</Fact>
              <Fact label={t('site.check.fields.lastSeen')} testId="check-last-seen">
                {result.lastSeenAt ? when(result.lastSeenAt) : t('site.check.never')}
              </Fact>
              <Fact label={t('site.check.fields.fix')}>{when(result.fixTime)}</Fact>
              <Fact label={t('site.check.fields.connection')}>
                {result.online ? t('site.check.online') : t('site.check.offline')}
              </Fact>
              <Fact label={t('site.check.fields.status')}>
                {result.device.active ? t('site.check.active') : t('site.check.passive')}
              </Fact>
              {result.position && (
                <div className="sm:col-span-2">
                  <dt className="text-slate-500">{t('site.check.fields.position')}</dt>
                  <dd className="font-mono">
                    {result.position.latitude.toFixed(5)}, {result.position.longitude.toFixed(5)} ·{' '}
                    {Math.round(result.position.speed)} km/h
                  </dd>
                </div>
              )}
            </dl>
          </section>
        )}
        {result?.status === 'unregistered' && (
          <CheckResult
            tone="unregistered"
            icon={Radio}
            title={t('site.check.unregistered')}
            text={t('site.check.unregisteredText', {
              protocol: result.protocol,
              first: when(result.firstSeenAt),
              last: when(result.lastSeenAt),
              attempts: result.attempts,
            })}
          />
        )}
        {result?.status === 'unknown' && (
          <CheckResult
            tone="unknown"
            icon={CircleDashed}
            title={t('site.check.unknown')}
            text={t('site.check.unknownText')}
          />
        )}
      </Container>
    </>
  )
}
