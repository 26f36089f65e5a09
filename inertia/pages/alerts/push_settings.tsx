import { useForm } from '@inertiajs/react'
import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { bindValue } from '~/components/form/fields'
import { CodePicker } from '~/components/alerts/code_picker'
import {
  RuleDeviceField,
  RuleFormModal,
  RuleListPage,
  saveRule,
  useRuleNames,
} from '~/components/alerts/rule_controls'
import { useI18n } from '~/lib/i18n'
import { currentSubscription, pushSupported, subscribe, type PushState } from '~/lib/web_push'
import type { Data } from '~generated/data'

/** Generated from app/transformers/alerts/push_setting_transformer.ts. */
type PushRule = Data.Alerts.PushSetting

type Props = {
  rules: PushRule[]
  devices: { id: number; name: string }[]
  codeGroups: Record<string, string[]>
  vapidPublicKey: string
  subscribedEndpoints: string[]
  canEdit: boolean
  basePath: string
}

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : ''
}

async function send(method: 'POST' | 'DELETE', path: string, body: unknown) {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      'Accept': 'application/json',
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': xsrfToken(),
    },
    body: JSON.stringify(body),
  })
  const data = (await response.json().catch(() => ({}))) as { message?: string }
  if (!response.ok) throw new Error(data.message ?? String(response.status))
  return data
}

async function pushState(subscribedEndpoints: string[]): Promise<PushState> {
  if (!pushSupported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  const subscription = await currentSubscription().catch(() => null)
  return subscription && subscribedEndpoints.includes(subscription.endpoint)
    ? 'subscribed'
    : 'unsubscribed'
}

/** This browser's push subscription: state, and the button that asks for permission. */
function ThisBrowser({ vapidPublicKey, subscribedEndpoints, basePath }: Props) {
  const { t } = useI18n()
  const [state, setState] = useState<PushState | 'checking'>('checking')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let cancelled = false
    pushState(subscribedEndpoints).then((next) => !cancelled && setState(next))
    return () => {
      cancelled = true
    }
  }, [subscribedEndpoints])

  async function turnOn() {
    setBusy(true)
    setMessage(null)
    try {
      const subscription = await subscribe(vapidPublicKey)
      const result = await send('POST', `${basePath}/subscription`, subscription.toJSON())
      setState('subscribed')
      setMessage(result.message ?? t('alerts.push.subscribed'))
    } catch (error) {
      const reason = (error as Error).message
      if (reason === 'denied') {
        setState(Notification.permission === 'denied' ? 'denied' : 'unsubscribed')
        setMessage(t('alerts.push.denied'))
      } else setMessage(t('alerts.push.failed', { error: reason }))
    } finally {
      setBusy(false)
    }
  }

  async function turnOff() {
    setBusy(true)
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await send('DELETE', `${basePath}/subscription`, { endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      setState('unsubscribed')
      setMessage(t('alerts.push.unsubscribed'))
    } catch (error) {
      setMessage(t('alerts.push.failed', { error: (error as Error).message }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="browser-heading"
      className="mb-6 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="browser-heading" className="font-semibold text-slate-900">
        {t('alerts.push.this_browser')}
      </h2>
      {state === 'unsupported' && (
        <p className="text-sm text-slate-600">{t('alerts.push.unsupported')}</p>
      )}
      {state === 'denied' && <p className="text-sm text-slate-600">{t('alerts.push.denied')}</p>}
      {state === 'subscribed' && (
        <Button variant="outline" onClick={turnOff} disabled={busy}>
          {t('alerts.push.unsubscribe')}
        </Button>
      )}
      {state === 'unsubscribed' && (
        <Button onClick={turnOn} disabled={busy} data-testid="push-subscribe">
          {t('alerts.push.subscribe')}
        </Button>
      )}
      <p role="status" className="text-sm text-slate-700">
        {message ?? (state === 'subscribed' ? t('alerts.push.subscribed') : '')}
      </p>
    </section>
  )
}

function PushRuleDialog({
  rule,
  props,
  onClose,
}: {
  rule: PushRule | null
  props: Props
  onClose: () => void
}) {
  const { t } = useI18n()
  const form = useForm({
    device_id: rule?.deviceId ? String(rule.deviceId) : '',
    alarm_codes: rule?.alarmCodes ?? ([] as string[]),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      device_id: data.device_id ? Number(data.device_id) : null,
    }))
    saveRule(form, props.basePath, rule, onClose)
  }
  return (
    <RuleFormModal
      title={rule ? t('alerts.push.edit') : t('alerts.push.new')}
      formId="push-form"
      busy={form.processing}
      onClose={onClose}
    >
      <form id="push-form" onSubmit={submit} className="space-y-4" noValidate>
        <RuleDeviceField form={form} devices={props.devices} />
        <CodePicker groups={props.codeGroups} {...bindValue(form, 'alarm_codes')} />
      </form>
    </RuleFormModal>
  )
}

export default function PushSettings(props: Props) {
  const { t } = useI18n()
  const { deviceName, codeName } = useRuleNames(props.devices)
  return (
    <RuleListPage
      page={props}
      messages="alerts.push"
      newTestId="new-push-rule"
      listClassName="grid gap-3 lg:grid-cols-2"
      beforeList={
        <>
          <ThisBrowser {...props} />
          <h2 className="mb-3 font-semibold text-slate-900">{t('alerts.push.rules')}</h2>
        </>
      }
      nameOf={(rule) => deviceName(rule.deviceId)}
      dialog={(rule, onClose) => <PushRuleDialog rule={rule} props={props} onClose={onClose} />}
      card={(rule) => (
        <>
          <p className="font-medium text-slate-900">{deviceName(rule.deviceId)}</p>
          <p className="text-sm text-slate-700">{rule.alarmCodes.map(codeName).join(', ')}</p>
        </>
      )}
    />
  )
}
