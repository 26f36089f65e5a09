import { defineProtocol } from '../protocol_definition.js'
import { RuptelaSession } from './ruptela_session.js'
import { ruptelaEvents } from './ruptela_events.js'

export const ruptelaProtocol = defineProtocol({
  name: 'ruptela',
  transport: 'tcp',
  defaultPort: 5046,
  engineCommands: false,
  events: ruptelaEvents,
  session: (socket, services) => new RuptelaSession(socket, services),
  setup: {
    label: 'Ruptela (FM-Eco, FM-Pro)',
    kind: 'sms',
    // Ruptela's SMS syntax: a space for the empty SMS password, then the command.
    lines: ({ apn, host, port }) => [` setconnection ${apn},,,${host},${port},0`],
  },
})
