import { SettingsPage } from '~/components/settings/settings_page'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { SendCommandForm } from '~/components/commands/send_command_form'
import { CommandTemplates } from '~/components/commands/command_templates'
import { CommandLog } from '~/components/commands/command_log'
import type {
  CommandGroup,
  CommandLogLine,
  CommandTemplate,
  CommandVehicle,
} from '~/components/commands/types'

/** Commands (settings): send a template to vehicles, keep the templates, read the log. */
export default function Commands({
  templates,
  devices,
  groups,
  log,
  logPage,
  logHasMore,
  logDevice,
  canEditTemplates,
}: {
  templates: CommandTemplate[]
  devices: CommandVehicle[]
  groups: CommandGroup[]
  log: CommandLogLine[]
  logPage: number
  logHasMore: boolean
  logDevice: number | null
  canEditTemplates: boolean
}) {
  const { t } = useI18n()
  const path = useRoute()
  const base = path('settings.commands').replace(/\/$/, '')
  return (
    <SettingsPage
      title={t('common.routes.settings.commands')}
      intro={t('settings.commands.intro')}
      width="full"
    >
      <div className="grid gap-6 xl:grid-cols-2">
        <SendCommandForm base={base} templates={templates} devices={devices} groups={groups} />
        <CommandTemplates base={base} templates={templates} canEdit={canEditTemplates} />
      </div>
      <CommandLog
        base={base}
        devices={devices}
        log={log}
        logPage={logPage}
        logHasMore={logHasMore}
        logDevice={logDevice}
      />
    </SettingsPage>
  )
}
