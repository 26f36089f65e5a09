import { useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n'

/** A rule's Edit and Delete buttons (notification and push rules). */
export function RuleActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useI18n()
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="outline" onClick={onEdit}>
        {t('alerts.common.edit')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete}>
        {t('alerts.common.delete')}
      </Button>
    </div>
  )
}

/** Asks before deleting the rule at `path`; closes once it is deleted or dismissed. */
export function DeleteRuleDialog({
  name,
  path,
  onClose,
}: {
  name: string
  path: string
  onClose: () => void
}) {
  const { t } = useI18n()
  const remover = useForm({})
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('alerts.common.delete_title', { name })}
      message={t('alerts.common.delete_message')}
      confirmLabel={t('alerts.common.delete')}
      busy={remover.processing}
      onConfirm={() => remover.delete(path, { preserveScroll: true, onSuccess: onClose })}
    />
  )
}
