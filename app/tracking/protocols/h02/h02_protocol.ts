import { defineProtocol } from '../protocol_definition.js'
import { H02Session } from './h02_session.js'
import { h02Events } from './h02_events.js'

export const h02Protocol = defineProtocol({
  name: 'h02',
  transport: 'tcp',
  defaultPort: 5013,
  engineCommands: true,
  events: h02Events,
  session: (socket, services) => new H02Session(socket, services),
  setup: {
    label: 'H02 (Sinotrack)',
    kind: 'sms',
    // 803 sets the APN, 804 the server; 0000 is the factory password.
    lines: ({ apn, host, port }) => [`8030000 ${apn}`, `8040000 ${host} ${port}`],
  },
})
