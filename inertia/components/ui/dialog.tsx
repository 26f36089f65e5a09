import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'

/** The cross at the top of a dialog that closes it; `label` is what a screen reader says. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label={label}>
        <X className="size-4" aria-hidden="true" />
      </Button>
    </Dialog.Close>
  )
}

/**
 * A modal dialog: title, content, and the footer the caller gives. Dialogs here open from
 * state (a row's Edit, a toolbar's New), not from a Radix trigger, so the control that had
 * focus when the dialog appeared gets it back when it closes (Escape, Close, Cancel, Save).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  wide?: boolean
}) {
  const { t } = useI18n()
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)
  )
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (opener && opener !== document.body && opener.isConnected) {
              event.preventDefault()
              opener.focus()
            }
          }}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl ${wide ? 'max-w-3xl' : 'max-w-md'}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <DialogCloseButton label={t('crud.table.close')} />
          </div>
          {children && <div className="overflow-y-auto px-6 py-4">{children}</div>}
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Asks before something that cannot be undone (delete, remove a driver, engine block). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  busy,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  message: ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
}) {
  const { t } = useI18n()
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('crud.table.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid="confirm">
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
