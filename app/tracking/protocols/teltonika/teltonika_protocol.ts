import { defineProtocol } from '../protocol_definition.js'
import { TeltonikaSession } from './teltonika_session.js'
import { teltonikaEvents } from './teltonika_events.js'

export const teltonikaProtocol = defineProtocol({
  name: 'teltonika',
  transport: 'tcp',
  defaultPort: 5027,
  engineCommands: true,
  events: teltonikaEvents,
  session: (socket, services) => new TeltonikaSession(socket, services),
  setup: {
    label: 'Teltonika Codec 8 / 8E',
    kind: 'sms',
    // Two leading spaces: an SMS without the (empty) SMS login and password.
    lines: ({ apn, host, port }) => [`  setparam 2001:${apn};2004:${host};2005:${port};2006:0`],
  },
})
