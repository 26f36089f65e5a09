import { defineProtocol } from '../protocol_definition.js'

/** The Traccar Client phone app: HTTP requests, served by OsmAndHttpServer. */
export const osmandProtocol = defineProtocol({
  name: 'osmand',
  transport: 'http',
  defaultPort: 5055,
  engineCommands: false,
  events: () => [],
  setup: {
    label: 'OsmAnd (HTTP)',
    kind: 'app',
    lines: ({ host, port }) => [`http://${host}:${port}`],
  },
})
