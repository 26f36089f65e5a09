import { Download } from 'lucide-react'
import type { HistorySelection } from '~/components/history/types'
import { Button } from '~/components/ui/button'
import { Dropdown, DropdownContent, DropdownItem, DropdownTrigger } from '~/components/ui/dropdown'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

const kinds = ['gpx', 'kml', 'csv'] as const

/** Downloads of the shown track as GPX, KML or CSV. */
export function HistoryExportMenu({ selection }: { selection: HistorySelection }) {
  const { t } = useI18n()
  const path = useRoute()
  const query = new URLSearchParams({
    deviceId: String(selection.deviceId ?? ''),
    from: selection.from,
    to: selection.to,
  }).toString()
  return (
    <Dropdown>
      <DropdownTrigger asChild>
        <Button variant="outline" size="sm" data-testid="export-menu">
          <Download className="size-4" aria-hidden="true" />
          {t('live.history.export')}
        </Button>
      </DropdownTrigger>
      <DropdownContent>
        {kinds.map((kind) => (
          <DropdownItem key={kind} asChild>
            <a
              href={`${path('history')}/export.${kind}?${query}`}
              download
              data-testid={`export-${kind}`}
            >
              {t(`live.history.export_${kind}`)}
            </a>
          </DropdownItem>
        ))}
      </DropdownContent>
    </Dropdown>
  )
}
