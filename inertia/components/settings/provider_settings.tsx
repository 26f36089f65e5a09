import { router, useForm } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import {
  bindCheckbox,
  bindField,
  CheckboxField,
  FormAlert,
  InputField,
  SelectField,
} from '~/components/form/fields'
import { FormSection } from '~/components/form/section'
import { SettingsPage } from '~/components/settings/settings_page'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'

/** A field of the provider account form. */
export type ProviderField = {
  name: string
  type?: 'text' | 'number' | 'email'
  /** A choice among these values (labelled `settings.<ns>.providers.<value>`). */
  options?: string[]
  hint?: string
}

/**
 * The declaration of a company's own provider (its SMTP server, its SMS account): the
 * route, the i18n namespace, the account's fields and its secret, and the test message.
 */
export type ProviderSettingsDeclaration = {
  route: 'settings.email-settings' | 'settings.sms-settings'
  namespace: 'email' | 'sms'
  /** The translation of the intro when nothing is configured. */
  introNone: string
  /** The translation of the account section's title. */
  section: string
  fields: ProviderField[]
  /** The secret field: never sent to the page, kept unless a new one is typed. */
  secret: string
  /** Whether a stored secret may be cleared with a checkbox. */
  clearSecret?: boolean
  test: {
    field: string
    type: 'email' | 'tel'
    placeholder?: string
    hint?: string
    help?: string
    /** The test button's label while sending, when it has one. */
    sending?: string
    resultTestId: string
  }
}

type Props = {
  values: Record<string, string | boolean> & { has_password: boolean; configured: boolean }
  testResult: { ok: boolean; message: string } | null
  testInitial?: string
}

/** The one page of a provider's settings: its account form, a test message, and removal. */
export function ProviderSettingsPage({
  declaration,
  values,
  testResult,
  testInitial = '',
}: Props & { declaration: ProviderSettingsDeclaration }) {
  const { t } = useI18n()
  const path = useRoute()
  const { namespace: ns, secret } = declaration
  const base = path(declaration.route).replace(/\/$/, '')
  const [removing, setRemoving] = useState(false)
  const form = useForm<Record<string, string | boolean>>({
    ...Object.fromEntries(
      declaration.fields.map((field) => [
        field.name,
        String(values[field.name] || (field.options ? field.options[0] : '')),
      ])
    ),
    [secret]: '',
    ...(declaration.clearSecret ? { clear_password: false } : {}),
  })
  const test = useForm<Record<string, string>>({ [declaration.test.field]: testInitial })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(base, { preserveScroll: true, onSuccess: () => form.setData(secret, '') })
  }

  function sendTest(event: FormEvent) {
    event.preventDefault()
    test.post(`${base}/test`, { preserveScroll: true })
  }

  return (
    <SettingsPage
      title={t(`common.routes.${declaration.route}`)}
      intro={values.configured ? t(`settings.${ns}.intro_configured`) : t(declaration.introNone)}
    >
      <FormSection title={t(declaration.section)}>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {declaration.fields.map((field) =>
            field.options ? (
              <SelectField
                key={field.name}
                label={t(`settings.${ns}.fields.${field.name}`)}
                {...bindField(form, field.name)}
                options={field.options.map((value) => ({
                  value,
                  label: t(`settings.${ns}.providers.${value}`),
                }))}
              />
            ) : (
              <InputField
                key={field.name}
                label={t(`settings.${ns}.fields.${field.name}`)}
                type={field.type ?? 'text'}
                autoComplete="off"
                hint={field.hint ? t(field.hint) : undefined}
                {...bindField(form, field.name)}
              />
            )
          )}
          <InputField
            label={t(`settings.${ns}.fields.${secret}`)}
            type="password"
            autoComplete="new-password"
            hint={
              values.has_password
                ? t(`settings.${ns}.password_kept`)
                : t(`settings.${ns}.password_none`)
            }
            {...bindField(form, secret)}
          />
          {declaration.clearSecret && values.has_password ? (
            <CheckboxField
              className="self-end pb-2"
              label={t(`settings.${ns}.clear_password`)}
              {...bindCheckbox(form, 'clear_password')}
            />
          ) : null}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={form.processing}>
              {t('settings.save')}
            </Button>
            {values.configured ? (
              <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
                {t(`settings.${ns}.remove`)}
              </Button>
            ) : null}
          </div>
        </form>
      </FormSection>
      <FormSection title={t(`settings.${ns}.test_title`)}>
        <form onSubmit={sendTest} noValidate className="space-y-4">
          {declaration.test.help ? (
            <p className="text-sm text-slate-600">{t(declaration.test.help)}</p>
          ) : null}
          <InputField
            label={t(`settings.${ns}.fields.${declaration.test.field}`)}
            type={declaration.test.type}
            placeholder={declaration.test.placeholder}
            hint={declaration.test.hint ? t(declaration.test.hint) : undefined}
            {...bindField(test, declaration.test.field)}
          />
          <div aria-live="polite" data-testid={declaration.test.resultTestId}>
            {testResult ? (
              <FormAlert tone={testResult.ok ? 'success' : 'error'} message={testResult.message} />
            ) : null}
          </div>
          <Button type="submit" variant="outline" disabled={test.processing || !values.configured}>
            {test.processing && declaration.test.sending
              ? t(declaration.test.sending)
              : t(`settings.${ns}.test_send`)}
          </Button>
        </form>
      </FormSection>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t(`settings.${ns}.remove`)}
        message={t(`settings.${ns}.remove_confirm`)}
        confirmLabel={t(`settings.${ns}.remove`)}
        onConfirm={() =>
          router.delete(base, { preserveScroll: true, onFinish: () => setRemoving(false) })
        }
      />
    </SettingsPage>
  )
}
