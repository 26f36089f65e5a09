import { router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { useFormat } from '~/lib/format'
import { InputField, bindField } from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ColumnHeaders } from '~/components/ui/table'
import { ConfirmDialog } from '~/components/ui/dialog'
import type { Data } from '~generated/data'

/** Generated from app/transformers/settings/api_token_transformer.ts. */
type Token = Data.Settings.ApiToken
type Scope = { name: string; labelKey: string; writable: boolean }
/** Generated from app/transformers/settings/webhook_transformer.ts. */
type Hook = Data.Settings.Webhook

const endpoints = [
  { path: '/devices', key: 'devices' },
  { path: '/positions/live', key: 'positions' },
  { path: '/trips', key: 'trips' },
  { path: '/events', key: 'events' },
] as const

const samplePayload = `{
  "id": 4182,
  "type": "event",
  "event": { "id": 99120, "code": "105", "state": "A",
             "time": "2026-11-25T08:14:03.000Z",
             "latitude": 41.0151, "longitude": 28.9795, "attributes": {} },
  "device": { "id": 12, "name": "Van 12", "plate": "34 ABC 123", "imei": "356307042441013" }
}`

const sampleRecordPayload = `{
  "id": 4183,
  "type": "record.created",
  "time": "2026-11-25T08:20:11.000Z",
  "resource": "fuel-entries",
  "record": { "id": 881, "entry_date": "2026-11-25", "device_id": 12, "litres": 42.5,
              "total": 1912.5, "driver_id": null, "voucher_no": null }
}`

const verifySample = `const timestamp = headers['x-fleettrack-timestamp']
const expected = 'sha256=' + crypto
  .createHmac('sha256', SECRET).update(timestamp + '.' + rawBody).digest('hex')
const given = headers['x-fleettrack-signature']
const valid = expected.length === given.length &&
  crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given))
// Refuse a replay: the timestamp must be within 5 minutes of now.
const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300`

export default function Integrations({
  tokens,
  webhooks,
  newToken,
  apiBase,
  apiScopes,
  apiResources,
}: {
  tokens: Token[]
  webhooks: Hook[]
  newToken: string | null
  apiBase: string
  apiScopes: Scope[]
  apiResources: string[]
}) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const base = path('settings.integrations-settings').replace(/\/$/, '')
  const [revoking, setRevoking] = useState<Token | null>(null)
  const [removing, setRemoving] = useState<Hook | null>(null)
  const [copied, setCopied] = useState(false)
  const tokenForm = useForm({ name: '', scopes: ['tracking:read'] as string[] })
  const granted = (name: string) =>
    tokenForm.data.scopes.includes(`${name}:write`)
      ? 'write'
      : tokenForm.data.scopes.includes(`${name}:read`)
        ? 'read'
        : 'none'
  // One access per resource: none, read, or write (which reads too).
  const grant = (name: string, access: 'none' | 'read' | 'write') =>
    tokenForm.setData(
      'scopes',
      [...tokenForm.data.scopes.filter((scope) => !scope.startsWith(`${name}:`))].concat(
        access === 'none' ? [] : [`${name}:${access}`]
      )
    )
  const scopeLabel = (scope: string) => {
    const [name, access] = scope.split(':')
    if (name === '*') return t('settings.integrations.scope_all_read')
    const entry = apiScopes.find((candidate) => candidate.name === name)
    const label = entry ? t(entry.labelKey) : name
    return `${label}: ${t(`settings.integrations.access.${access === 'write' ? 'write' : 'read'}`)}`
  }
  const hookForm = useForm({ url: '', secret: '' })

  function createToken(event: FormEvent) {
    event.preventDefault()
    tokenForm.post(`${base}/tokens`, { preserveScroll: true, onSuccess: () => tokenForm.reset() })
  }

  function createHook(event: FormEvent) {
    event.preventDefault()
    hookForm.post(`${base}/webhooks`, { preserveScroll: true, onSuccess: () => hookForm.reset() })
  }

  return (
    <SettingsPage
      title={t('common.routes.settings.integrations-settings')}
      intro={t('settings.integrations.intro')}
      width="full"
    >
      <div className="max-w-4xl space-y-6">
        <FormSection title={t('settings.integrations.tokens_title')}>
          {newToken ? (
            <div
              role="status"
              className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
            >
              <p className="mb-2 font-medium">{t('settings.integrations.token_once')}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  className="rounded bg-white px-2 py-1 font-mono break-all"
                  data-testid="new-token"
                >
                  {newToken}
                </code>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    navigator.clipboard?.writeText(newToken).then(() => setCopied(true))
                  }
                >
                  {copied ? t('settings.integrations.copied') : t('settings.integrations.copy')}
                </Button>
              </div>
            </div>
          ) : null}
          <form onSubmit={createToken} noValidate className="mb-4 space-y-3">
            <InputField
              label={t('settings.integrations.fields.name')}
              className="max-w-md"
              {...bindField(tokenForm, 'name')}
            />
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-800">
                {t('settings.integrations.fields.scopes')}
              </legend>
              <p className="mb-2 text-xs text-slate-600">
                {t('settings.integrations.scopes_help')}
              </p>
              <table className="w-full max-w-2xl text-left text-sm" data-testid="token-scopes">
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      {t('settings.integrations.scope_resource')}
                    </th>
                    {(['none', 'read', 'write'] as const).map((access) => (
                      <th key={access} scope="col" className="px-2 py-1 text-center font-medium">
                        {t(`settings.integrations.access.${access}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {apiScopes.map((scope) => (
                    <tr key={scope.name}>
                      <th scope="row" className="py-1 pr-3 font-normal">
                        {t(scope.labelKey)}{' '}
                        <code className="text-xs text-slate-500">{scope.name}</code>
                      </th>
                      {(['none', 'read', 'write'] as const).map((access) => (
                        <td key={access} className="px-2 py-1 text-center">
                          {access === 'write' && !scope.writable ? null : (
                            <input
                              type="radio"
                              name={`scope-${scope.name}`}
                              aria-label={`${t(scope.labelKey)}: ${t(`settings.integrations.access.${access}`)}`}
                              checked={granted(scope.name) === access}
                              onChange={() => grant(scope.name, access)}
                            />
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              {tokenForm.errors.scopes ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {tokenForm.errors.scopes}
                </p>
              ) : null}
            </fieldset>
            <Button type="submit" disabled={tokenForm.processing}>
              {t('settings.integrations.create_token')}
            </Button>
          </form>
          {tokens.length === 0 ? (
            <p className="text-sm text-slate-600">{t('settings.integrations.no_tokens')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {tokens.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                  <span className="flex-1">
                    <span className="font-medium text-slate-900">{token.name}</span>{' '}
                    <code className="text-xs text-slate-500">…{token.hint}</code>
                    <span className="block text-xs text-slate-500">
                      {t('settings.integrations.created_at', {
                        time: format.dateTime(token.createdAt),
                      })}
                      {' · '}
                      {token.lastUsedAt
                        ? t('settings.integrations.last_used', {
                            time: format.dateTime(token.lastUsedAt),
                          })
                        : t('settings.integrations.never_used')}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1" data-testid="token-scope-list">
                      {token.scopes.map((scope) => (
                        <Badge key={scope} tone="neutral">
                          {scopeLabel(scope)}
                        </Badge>
                      ))}
                    </span>
                  </span>
                  {token.revokedAt ? (
                    <Badge tone="red">{t('settings.integrations.revoked')}</Badge>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => setRevoking(token)}>
                      {t('settings.integrations.revoke')}
                      <span className="sr-only"> {token.name}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </FormSection>

        <FormSection title={t('settings.integrations.api_title')}>
          <div className="space-y-3 text-sm text-slate-700">
            <p>{t('settings.integrations.api_intro')}</p>
            <p>
              {t('settings.integrations.api_base')}{' '}
              <code className="rounded bg-slate-100 px-1 font-mono">{apiBase}</code>
            </p>
            <pre className="overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {`curl -H "Authorization: Bearer ft_…" "${apiBase}/trips?from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z&deviceId=12"`}
            </pre>
            <table className="w-full text-left text-sm">
              <ColumnHeaders
                className="text-slate-600"
                cellClassName="py-1 font-medium not-last:pr-3"
                columns={[t('settings.integrations.endpoint'), t('settings.integrations.returns')]}
              />
              <tbody className="divide-y divide-slate-100">
                {endpoints.map((endpoint) => (
                  <tr key={endpoint.key}>
                    <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">
                      GET {endpoint.path}
                    </td>
                    <td className="py-1">{t(`settings.integrations.endpoints.${endpoint.key}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>{t('settings.integrations.api_params')}</p>
            <p>{t('settings.integrations.records_intro')}</p>
            <pre className="overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {`curl -X POST -H "Authorization: Bearer ft_…" -H "Content-Type: application/json" \\
  -H "Accept-Language: en" "${apiBase}/fuel-entries" \\
  -d '{"entry_date":"2026-11-25","device_id":12,"litres":42.5,"total":1912.5}'`}
            </pre>
            <p className="font-mono text-xs break-words text-slate-600">
              {apiResources.map((name) => `/${name}`).join(' · ')}
            </p>
            <p>
              {t('settings.integrations.openapi')}{' '}
              <a
                className="font-mono text-sky-700 underline"
                href={`${apiBase}/openapi.json`}
                target="_blank"
                rel="noreferrer"
              >
                {`${apiBase}/openapi.json`}
              </a>
            </p>
            <p>{t('settings.integrations.api_errors')}</p>
          </div>
        </FormSection>

        <FormSection title={t('settings.integrations.webhooks_title')}>
          <p className="mb-3 text-sm text-slate-700">{t('settings.integrations.webhooks_intro')}</p>
          <form
            onSubmit={createHook}
            noValidate
            className="mb-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
          >
            <InputField
              label={t('settings.integrations.fields.url')}
              type="url"
              placeholder="https://example.com/fleettrack"
              {...bindField(hookForm, 'url')}
            />
            <InputField
              label={t('settings.integrations.fields.secret')}
              type="password"
              autoComplete="new-password"
              {...bindField(hookForm, 'secret')}
            />
            <Button type="submit" disabled={hookForm.processing}>
              {t('settings.integrations.add_webhook')}
            </Button>
          </form>
          {webhooks.length === 0 ? (
            <p className="text-sm text-slate-600">{t('settings.integrations.no_webhooks')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {webhooks.map((hook) => (
                <li key={hook.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="block font-mono text-xs break-all text-slate-900">
                      {hook.url}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {hook.lastDeliveredAt
                        ? t('settings.integrations.last_delivered', {
                            time: format.dateTime(hook.lastDeliveredAt),
                          })
                        : t('settings.integrations.never_delivered')}
                      {' · '}
                      {t('settings.integrations.queue', {
                        pending: hook.pending,
                        failed: hook.failed,
                      })}
                    </span>
                    {hook.lastError ? (
                      <span className="block text-xs text-red-700">
                        {t('settings.integrations.last_error', { error: hook.lastError })}
                      </span>
                    ) : null}
                  </span>
                  <Badge tone={hook.active ? 'green' : 'neutral'}>
                    {hook.active
                      ? t('settings.integrations.active')
                      : t('settings.integrations.paused')}
                  </Badge>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() =>
                      router.put(`${base}/webhooks/${hook.id}`, {}, { preserveScroll: true })
                    }
                  >
                    {hook.active
                      ? t('settings.integrations.pause')
                      : t('settings.integrations.resume')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(hook)}>
                    {t('settings.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 space-y-2 text-sm text-slate-700">
            <p>{t('settings.integrations.signature_doc')}</p>
            <pre className="overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {samplePayload}
            </pre>
            <p>{t('settings.integrations.record_events_doc')}</p>
            <pre className="overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {sampleRecordPayload}
            </pre>
            <pre className="overflow-x-auto rounded bg-slate-900 p-3 font-mono text-xs text-slate-100">
              {verifySample}
            </pre>
            <p>{t('settings.integrations.retry_doc')}</p>
          </div>
        </FormSection>
      </div>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('settings.integrations.revoke')}
        message={t('settings.integrations.revoke_confirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.integrations.revoke')}
        onConfirm={() =>
          revoking &&
          router.delete(`${base}/tokens/${revoking.id}`, {
            preserveScroll: true,
            onFinish: () => setRevoking(null),
          })
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('settings.delete')}
        message={t('settings.integrations.delete_webhook_confirm', { url: removing?.url ?? '' })}
        confirmLabel={t('settings.delete')}
        onConfirm={() =>
          removing &&
          router.delete(`${base}/webhooks/${removing.id}`, {
            preserveScroll: true,
            onFinish: () => setRemoving(null),
          })
        }
      />
    </SettingsPage>
  )
}
