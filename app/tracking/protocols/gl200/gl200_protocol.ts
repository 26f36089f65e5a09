import { defineProtocol } from '../protocol_definition.js'
import { Gl200Session } from './gl200_session.js'
import { gl200Events } from './gl200_events.js'

export const gl200Protocol = defineProtocol({
  name: 'gl200',
  transport: 'tcp',
  defaultPort: 5004,
  engineCommands: true,
  events: gl200Events,
  session: (socket, services) => new Gl200Session(socket, services),
  setup: {
    label: 'Queclink @Track (GV/GL)',
    kind: 'sms',
    // The password is the model in lower case by default (gv300 here). GTBSI sets the APN;
    // GTSRI the server: TCP long connection (3), buffering on, heartbeat every 5 minutes,
    // SACK enabled (the server acknowledges every report).
    lines: ({ apn, host, port }) => [
      `AT+GTBSI=gv300,${apn},,,,,,,0001$`,
      `AT+GTSRI=gv300,3,,1,${host},${port},,0,,5,1,0,0,,,0002$`,
    ],
  },
})
