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
      // A 4xx here is a refusal (a request too heavy for one answer), not a fault of the server.
      title={t(
        status && status < 500 ? 'common.errors.requestRefused' : 'common.errors.serverError'
      )}
      message={message || t('common.errors.serverErrorDescription')}
      icon={TriangleAlert}
    />
  )
}
