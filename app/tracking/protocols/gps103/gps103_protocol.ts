import { defineProtocol } from '../protocol_definition.js'
import { Gps103Session } from './gps103_session.js'
import { gps103Events } from './gps103_events.js'

export const gps103Protocol = defineProtocol({
  name: 'gps103',
  transport: 'tcp',
  defaultPort: 5001,
  engineCommands: true,
  events: gps103Events,
  session: (socket, services) => new Gps103Session(socket, services),
  setup: {
    label: 'GPS103 / TK103 (Coban)',
    kind: 'sms',
    // 123456 is the factory password; gprs switches reporting from SMS to the server.
    lines: ({ apn, host, port }) => [
      `apn123456 ${apn}`,
      `adminip123456 ${host} ${port}`,
      'gprs123456',
    ],
  },
})
