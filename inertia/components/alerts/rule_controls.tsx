import { Head, useForm, type InertiaFormProps } from '@inertiajs/react'
import { BellRing, Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Button } from '~/components/ui/button'
import { ConfirmDialog, Modal } from '~/components/ui/dialog'
import { bindField, SelectField } from '~/components/form/fields'
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

/** The device's and the alarm codes' names of a rule (all vehicles when none). */
export function useRuleNames(devices: { id: number; name: string }[]) {
  const { t } = useI18n()
  const deviceName = (id: number | null) =>
    id === null
      ? t('alerts.common.all_vehicles')
      : (devices.find((device) => device.id === id)?.name ?? String(id))
  const codeName = (code: string) => {
    const key = `live.alarms.codes.${code}`
    const translated = t(key)
    return translated === key ? code : translated
  }
  return { deviceName, codeName }
}

/** A rule's form in a dialog: the form's fields, Cancel and Save. */
export function RuleFormModal({
  title,
  formId,
  busy,
  saveTestId,
  onClose,
  children,
}: {
  title: string
  formId: string
  busy: boolean
  saveTestId?: string
  onClose: () => void
  children: ReactNode
}) {
  const { t } = useI18n()
  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('alerts.common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} data-testid={saveTestId}>
            {t('alerts.common.save')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  )
}

/**
 * The page of one channel's alert rules (notification rules, push rules): its header with
 * the New button, the list of rules as cards with Edit and Delete (admins and owners), the
 * rule's dialog and the delete confirmation.
 */
export function RuleListPage<Rule extends { id: number }>({
  page: { rules, canEdit, basePath },
  messages,
  newTestId,
  listClassName,
  listTestId,
  beforeList,
  card,
  dialog,
  nameOf,
}: {
  /** The page's rules, whether the member may change them, and their path. */
  page: { rules: Rule[]; canEdit: boolean; basePath: string }
  /** The page's texts: `<messages>.intro`, `.new`, `.empty`. */
  messages: 'alerts.rules' | 'alerts.push'
  newTestId: string
  listClassName: string
  listTestId?: string
  beforeList?: ReactNode
  card: (rule: Rule) => ReactNode
  dialog: (rule: Rule | null, onClose: () => void) => ReactNode
  nameOf: (rule: Rule) => string
}) {
  const { t } = useI18n()
  const title = useRouteTitle()
  const [editing, setEditing] = useState<Rule | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Rule | null>(null)
  return (
    <>
      <Head title={title} />
      <PageHeader
        description={t(`${messages}.intro`)}
        actions={
          canEdit && (
            <Button onClick={() => setEditing('new')} data-testid={newTestId}>
              <Plus className="size-4" aria-hidden="true" />
              {t(`${messages}.new`)}
            </Button>
          )
        }
      />
      {beforeList}
      {!canEdit && <p className="mb-4 text-sm text-slate-600">{t('alerts.common.read_only')}</p>}
      {rules.length === 0 ? (
        <EmptyState icon={BellRing} title={t(`${messages}.empty`)} />
      ) : (
        <ul className={listClassName} data-testid={listTestId}>
          {rules.map((rule) => (
            <li
              key={rule.id}
              className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              {card(rule)}
              {canEdit && (
                <RuleActions onEdit={() => setEditing(rule)} onDelete={() => setDeleting(rule)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && dialog(editing === 'new' ? null : editing, () => setEditing(null))}
      {deleting && (
        <DeleteRuleDialog
          name={nameOf(deleting)}
          path={`${basePath}/${deleting.id}`}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  )
}

/** Puts an edited rule or posts a new one; the dialog closes once it is saved. */
export function saveRule(
  form: {
    put: (url: string, options: object) => void
    post: (url: string, options: object) => void
  },
  basePath: string,
  rule: { id: number } | null,
  onClose: () => void
) {
  const options = { preserveScroll: true, onSuccess: onClose }
  if (rule) form.put(`${basePath}/${rule.id}`, options)
  else form.post(basePath, options)
}

/** The rule's vehicle (all vehicles when none is chosen). */
export function RuleDeviceField<T extends { device_id: string }>({
  form,
  devices,
}: {
  form: InertiaFormProps<T>
  devices: { id: number; name: string }[]
}) {
  const { t } = useI18n()
  return (
    <SelectField
      label={t('alerts.fields.device_id')}
      {...bindField(form, 'device_id')}
      options={[
        { value: '', label: t('alerts.common.all_vehicles') },
        ...devices.map((device) => ({ value: String(device.id), label: device.name })),
      ]}
    />
  )
}
