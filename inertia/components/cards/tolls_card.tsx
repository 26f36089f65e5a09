import { Receipt } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { useI18n } from '~/lib/i18n'

export function TollsCard() {
  const { t } = useI18n()
  return (
    <DetailCard title={t('live.vehicle.cards.tolls')} icon={Receipt} testId="card-tolls">
      <CardEmpty icon={Receipt} message={t('live.empty.tolls')} />
    </DetailCard>
  )
}
