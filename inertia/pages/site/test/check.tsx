import { CircleCheck, CircleDashed, Radio, Search } from 'lucide-react'
import { Container } from '~/components/container'
import { InputField } from '~/components/form/fields'
import { PageHero } from '~/components/site/page_hero'
import { Seo } from '~/components/site/seo'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Result =
  | {
      status: 'registered'
      device: { id: number; name: string; plate: string | null; protocol: string; active: boolean }
      lastSeenAt: string | null
      fixTime: string | null
      online: boolean
      position: { latitude: number; longitude: number; speed: number } | null
    }
  | {
      status: 'unregistered'
      protocol: string
      firstSeenAt: string
      lastSeenAt: string
      attempts: number
    }
  | { status: 'unknown' }

type Props = {
  imei: string
  error: string | null
  result: Result | null
  companyName: string | null
}

function useDateTime() {
  const { locale } = useI18n()
  const format = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  return (iso: string | null) => (iso ? `${format.format(new Date(iso))} UTC` : '—')
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
              <div>
                <dt className="text-slate-500">{t('site.check.fields.plate')}</dt>
                <dd className="font-medium">{result.device.plate ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('site.check.fields.protocol')}</dt>
                <dd className="font-medium">{result.device.protocol}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('site.check.fields.lastSeen')}</dt>
                <dd className="font-medium" data-testid="check-last-seen">
                  {result.lastSeenAt ? when(result.lastSeenAt) : t('site.check.never')}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('site.check.fields.fix')}</dt>
                <dd className="font-medium">{when(result.fixTime)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('site.check.fields.connection')}</dt>
                <dd className="font-medium">
                  {result.online ? t('site.check.online') : t('site.check.offline')}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('site.check.fields.status')}</dt>
                <dd className="font-medium">
                  {result.device.active ? t('site.check.active') : t('site.check.passive')}
                </dd>
              </div>
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
          <section
            className="rounded-3xl border border-amber-200 bg-amber-50 p-6"
            data-testid="check-unregistered"
          >
            <h2 className="flex items-center gap-2 text-lg font-semibold text-amber-900">
              <Radio className="size-5 text-amber-600" aria-hidden="true" />
              {t('site.check.unregistered')}
            </h2>
            <p className="mt-2 text-sm text-amber-900">
              {t('site.check.unregisteredText', {
                protocol: result.protocol,
                first: when(result.firstSeenAt),
                last: when(result.lastSeenAt),
                attempts: result.attempts,
              })}
            </p>
          </section>
        )}
        {result?.status === 'unknown' && (
          <section
            className="rounded-3xl border border-slate-200 bg-slate-50 p-6"
            data-testid="check-unknown"
          >
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <CircleDashed className="size-5 text-slate-400" aria-hidden="true" />
              {t('site.check.unknown')}
            </h2>
            <p className="mt-2 text-sm text-slate-600">{t('site.check.unknownText')}</p>
          </section>
        )}
      </Container>
    </>
  )
}
