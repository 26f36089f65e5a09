import { Head } from '@inertiajs/react'
import { LogIn } from 'lucide-react'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { buttonClasses } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

/** A company page seen by an anonymous visitor: no data, a way to sign in. */
export default function SignInRequired() {
  const { t } = useI18n()
  const title = useRouteTitle()
  return (
    <>
      <Head title={title} />
      <PageHeader />
      <EmptyState
        icon={LogIn}
        title={t('crud.table.sign_in_required')}
        action={
          <RouteLink route="login" className={buttonClasses('primary', 'md')}>
            {t('common.header.login')}
          </RouteLink>
        }
      />
    </>
  )
}
