import { defineProtocol } from '../protocol_definition.js'
import { Gt06Session } from './gt06_session.js'
import { gt06Events } from './gt06_events.js'

export const gt06Protocol = defineProtocol({
  name: 'gt06',
  transport: 'tcp',
  defaultPort: 5023,
  engineCommands: true,
  events: gt06Events,
  session: (socket, services) => new Gt06Session(socket, services),
  setup: {
    label: 'GT06 (Concox)',
    kind: 'sms',
    lines: ({ apn, host, port, isIp }) => [
      `APN,${apn}#`,
      `SERVER,${isIp ? 0 : 1},${host},${port},0#`,
    ],
  },
})
