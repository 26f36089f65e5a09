import { InputField } from '~/components/form/fields'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'

/**
 * The discount code of an order (licence extension, products): the code typed, its state
 * once checked (applied, unknown, expired...) and the button that checks it.
 */
export function DiscountCodeField({
  value,
  onChange,
  code,
  error,
  onApply,
  className,
}: {
  value: string
  onChange: (value: string) => void
  /** The code the page was read with, and what the server said of it. */
  code: { code: string; status: string } | null
  error?: string
  onApply: () => void
  className?: string
}) {
  const { t } = useI18n()
  return (
    <div className={className ?? 'flex items-end gap-2'}>
      <InputField
        className="flex-1"
        label={t('billing.subscriptions.extend.code')}
        name="code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={
          error ??
          (code && code.status !== 'applied'
            ? t(`billing.price.codeStates.${code.status}`)
            : undefined)
        }
        hint={
          code?.status === 'applied'
            ? t('billing.price.codeStates.applied', { code: code.code })
            : undefined
        }
      />
      <Button type="button" variant="outline" onClick={onApply}>
        {t('billing.subscriptions.extend.checkCode')}
      </Button>
    </div>
  )
}
