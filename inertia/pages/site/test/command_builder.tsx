import { Terminal } from 'lucide-react'
import { InputField, SelectField } from '~/components/form/fields'
import { ToolPage } from '~/components/site/tool_page'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { CommandAction, CommandProtocol } from '#shared/fleet_enums'
import type { Data } from '~generated/data'

type Props = {
  protocol: CommandProtocol
  action: CommandAction
  custom: string
  maxLength: number
  error: string | null
  result: Data.Site.BuiltCommand | null
}

/** Internal tool: a tracker command as text and as the binary packet sent over TCP (hex). */
export default function CommandBuilder({
  protocol,
  action,
  custom,
  maxLength,
  error,
  result,
}: Props) {
  const { t } = useI18n()
  const path = useRoute()
  return (
    <ToolPage
      title={t('site.commands.title')}
      lead={t('site.commands.lead')}
      action={path('test.command-builder')}
      submit={t('site.commands.build')}
      fields={
        <>
          <SelectField
            label={t('site.commands.protocol')}
            name="protocol"
            defaultValue={protocol}
            required
          >
            <option value="teltonika">{t('site.commands.protocols.teltonika')}</option>
            <option value="gt06">{t('site.commands.protocols.gt06')}</option>
          </SelectField>
          <SelectField
            label={t('site.commands.action')}
            name="action"
            defaultValue={action}
            required
          >
            {(['engine_block', 'engine_unblock', 'custom'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`site.commands.actions.${value}`)}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t('site.commands.custom')}
            name="custom"
            defaultValue={custom}
            maxLength={maxLength}
            hint={t('site.commands.customHint')}
            error={error ? t(`site.commands.errors.${error}`, { max: maxLength }) : undefined}
            spellCheck={false}
            className="font-mono"
          />
        </>
      }
      result={
        result && (
          <section
            aria-labelledby="command-result"
            className="space-y-5"
            data-testid="command-result"
          >
            <h2
              id="command-result"
              className="flex items-center gap-2 text-xl font-semibold text-slate-900"
            >
              <Terminal className="size-5 text-brand-600" aria-hidden="true" />
              {t(`site.commands.actions.${result.action}`)} ·{' '}
              {t(`site.commands.protocols.${result.protocol}`)}
            </h2>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-medium text-slate-500">{t('site.commands.text')}</p>
              <pre
                className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900"
                data-testid="command-text"
              >
                {result.text}
              </pre>
              <p className="mt-5 text-sm font-medium text-slate-500">
                {t('site.commands.hex', { bytes: result.length })}
              </p>
              <pre
                className="mt-2 rounded-lg bg-slate-900 p-3 font-mono text-sm break-all whitespace-pre-wrap text-brand-100"
                data-testid="command-hex"
              >
                {result.hex.replace(/(..)/g, '$1 ').trim()}
              </pre>
              <p className="mt-4 text-xs text-slate-500">
                {t(`site.commands.notes.${result.protocol}`)}
              </p>
            </div>
          </section>
        )
      }
      empty={t('site.commands.empty')}
    />
  )
}
