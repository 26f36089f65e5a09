import { TriangleAlert } from 'lucide-react'
import { ErrorPage } from '~/components/error_page'
import { useI18n } from '~/lib/i18n'

export default function ServerError({ message, status }: { message: string; status: number }) {
  const { t } = useI18n()
  return (
    <ErrorPage
      status={status ?? 500}
      title={t('common.errors.serverError')}
      message={message || t('common.errors.serverErrorDescription')}
      icon={TriangleAlert}
    />
  )
}
