import { defineProtocol } from '../protocol_definition.js'
import { MeitrackSession } from './meitrack_session.js'
import { meitrackEvents } from './meitrack_events.js'

export const meitrackProtocol = defineProtocol({
  name: 'meitrack',
  transport: 'tcp',
  defaultPort: 5020,
  engineCommands: true,
  events: meitrackEvents,
  session: (socket, services) => new MeitrackSession(socket, services),
  setup: {
    label: 'Meitrack (MVT, T3xx)',
    kind: 'sms',
    // 0000 is the factory password: A21 sets the server over TCP (1), then the APN.
    lines: ({ apn, host, port }) => [`0000,A21,1,${host},${port},${apn},,`, '0000,A12,6'],
  },
})
