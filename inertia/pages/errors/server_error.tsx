import { TriangleAlert } from 'lucide-react'
import { ErrorPage } from '~/components/error_page'
import { useI18n } from '~/lib/i18n'
import type { Data } from '~generated/data'

type Props = Data.Errors.ErrorPage

export default function ServerError({ message, status }: Props) {
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
