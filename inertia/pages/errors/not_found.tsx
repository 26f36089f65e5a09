import { MapPinOff } from 'lucide-react'
import { ErrorPage } from '~/components/error_page'
import { useI18n } from '~/lib/i18n'

export default function NotFound({ message, status }: { message: string; status: number }) {
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
