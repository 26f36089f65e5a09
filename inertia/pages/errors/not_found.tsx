import { MapPinOff } from 'lucide-react'
import { ErrorPage } from '~/components/error_page'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = Data.Errors.ErrorPage

export default function NotFound({ message, status }: Props) {
  const { t } = useI18n()
  return (
    <ErrorPage
      status={status ?? 404}
      title={t('common.errors.notFound')}
      message={message || t('common.errors.notFoundDescription')}
      icon={MapPinOff}
    />
  )
}
