import { clsx } from 'clsx'
import { useForm } from '@inertiajs/react'
import { Loader2, Lock, LockOpen, Send, Terminal } from 'lucide-react'
import { AlertDialog, Dialog } from 'radix-ui'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { CommandAction } from '#shared/fleet_enums'
import type { Data } from '~generated/data'
import { Button } from '~/components/ui/button'
import { DialogCloseButton } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n'
import { bindField, bindRadio, InputField } from '~/components/form/fields'

const kinds: { kind: CommandAction; icon: typeof Lock }[] = [
  { kind: 'engine_block', icon: Lock },
  { kind: 'engine_unblock', icon: LockOpen },
  { kind: 'custom', icon: Terminal },
]

/**
 * Sends a command to a vehicle's tracker: engine block (after a confirmation), engine
 * unblock or a custom text. The trigger opens it on a chosen kind; the page follows the
 * queued command live.
 */
export function CommandDialog({
  vehicle,
  action,
  initialKind = 'engine_block',
  trigger,
  templates = [],
}: {
  vehicle: string
  /** Where the form posts (the vehicle's commands route). */
  action: string
  initialKind?: CommandAction
  trigger: ReactNode
  /** Saved commands of the tracker's protocol (settings, commands): one fills the text. */
  templates?: Data.Settings.CommandTemplate[]
}) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const form = useForm<{ kind: CommandAction; payload: string }>({
    kind: initialKind,
    payload: '',
  })

  const send = () =>
    form.post(action, {
      preserveScroll: true,
      onSuccess: () => {
        setConfirming(false)
        setOpen(false)
        form.reset()
      },
      onError: () => setConfirming(false),
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.data.kind === 'engine_block') setConfirming(true)
    else send()
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          form.clearErrors()
          form.setData({ kind: initialKind, payload: '' })
        }
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-950/40 backdrop-blur-[1px]" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-[1101] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl focus:outline-none"
          data-testid="command-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-base font-semibold text-slate-900">
                {t('live.commands.title')} · {vehicle}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-500">
                {t('live.commands.description')}
              </Dialog.Description>
            </div>
            <DialogCloseButton label={t('live.commands.cancel')} />
          </div>
          <form onSubmit={submit} noValidate className="space-y-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-700">
                {t('live.commands.kind')}
              </legend>
              <div className="space-y-2">
                {kinds.map(({ kind, icon: Icon }) => (
                  <label
                    key={kind}
                    className={clsx(
                      'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                      form.data.kind === kind
                        ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                        : 'border-slate-200 hover:bg-slate-50'
                    )}
                  >
                    <input
                      {...bindRadio(form, 'kind', kind)}
                      className="mt-1 accent-brand-600"
                      data-testid={`command-kind-${kind}`}
                    />
                    <span>
                      <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
                        <Icon className="size-4 text-slate-500" aria-hidden="true" />
                        {t(`live.commands.kinds.${kind}`)}
                      </span>
                      <span className="mt-0.5 block text-xs text-slate-500">
                        {t(`live.commands.kind_help.${kind}`)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {form.data.kind === 'custom' && templates.length > 0 && (
              <div className="space-y-1">
                <label
                  htmlFor="command-template"
                  className="block text-sm font-medium text-slate-700"
                >
                  {t('settings.commands.fields.template_id')}
                </label>
                <select
                  id="command-template"
                  value={
                    templates.find((template) => template.text === form.data.payload)?.id ?? ''
                  }
                  onChange={(event) =>
                    form.setData(
                      'payload',
                      templates.find((template) => String(template.id) === event.target.value)
                        ?.text ?? form.data.payload
                    )
                  }
                  className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-brand-500"
                  data-testid="command-template"
                >
                  <option value="">{t('settings.commands.choose_saved')}</option>
                  {templates.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {form.data.kind === 'custom' && (
              <InputField
                id="command-payload"
                label={t('live.commands.payload')}
                {...bindField(form, 'payload')}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                data-testid="command-payload"
              />
            )}
            <div className="flex justify-end gap-2 pt-1">
              <Dialog.Close asChild>
                <Button variant="outline">{t('live.commands.cancel')}</Button>
              </Dialog.Close>
              <Button
                type="submit"
                variant={form.data.kind === 'engine_block' ? 'danger' : 'primary'}
                disabled={form.processing}
                data-testid="command-submit"
              >
                {form.processing ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                ) : (
                  <Send className="size-4" aria-hidden="true" />
                )}
                {t('live.commands.send')}
              </Button>
            </div>
          </form>

          <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
            <AlertDialog.Portal>
              <AlertDialog.Overlay className="fixed inset-0 z-[1102] bg-slate-950/40" />
              <AlertDialog.Content
                className="fixed top-1/2 left-1/2 z-[1103] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl focus:outline-none"
                data-testid="engine-block-confirm"
              >
                <AlertDialog.Title className="flex items-center gap-2 text-base font-semibold text-slate-900">
                  <Lock className="size-4 text-red-600" aria-hidden="true" />
                  {t('live.commands.confirm_title', { vehicle })}
                </AlertDialog.Title>
                <AlertDialog.Description className="mt-2 text-sm text-slate-600">
                  {t('live.commands.confirm_body')}
                </AlertDialog.Description>
                <div className="mt-5 flex justify-end gap-2">
                  <AlertDialog.Cancel asChild>
                    <Button variant="outline">{t('live.commands.cancel')}</Button>
                  </AlertDialog.Cancel>
                  <AlertDialog.Action asChild>
                    <Button
                      variant="danger"
                      onClick={(event) => {
                        event.preventDefault()
                        send()
                      }}
                      disabled={form.processing}
                      data-testid="engine-block-confirm-button"
                    >
                      {t('live.commands.confirm')}
                    </Button>
                  </AlertDialog.Action>
                </div>
              </AlertDialog.Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
