import trackingConfig from '#config/tracking'
import { appUrl } from '#services/alternates'
import siteConfig from '#config/site'
import type { TrackerProtocol } from '#shared/fleet_enums'
import { trackerProtocolDefinition, trackerProtocolDefinitions } from '#tracking/protocols/registry'

/**
 * The trackers FleetTrack speaks to (README: "Supported devices"), for the public device
 * list and the internal device-profile tool. Ports come from the listener's configuration.
 */
export type { TrackerProtocol }
export type DeviceConnection = 'hardwired' | 'obd' | 'app'

export type SupportedDevice = {
  id: string
  brand: string
  family: string
  model: string
  protocol: TrackerProtocol
  connection: DeviceConnection
  /** Has an output wired to an engine-cut relay (remote engine block). */
  engineBlock: boolean
}

export const supportedDevices: SupportedDevice[] = [
  {
    id: 'fmb920',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB920',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmb120',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB120',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmb125',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB125',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmb130',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB130',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmb140',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB140',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmb003',
    brand: 'Teltonika',
    family: 'FMB',
    model: 'FMB003',
    protocol: 'teltonika',
    connection: 'obd',
    engineBlock: false,
  },
  {
    id: 'fmc130',
    brand: 'Teltonika',
    family: 'FMC',
    model: 'FMC130',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmc150',
    brand: 'Teltonika',
    family: 'FMC',
    model: 'FMC150',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmc920',
    brand: 'Teltonika',
    family: 'FMC',
    model: 'FMC920',
    protocol: 'teltonika',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'fmc003',
    brand: 'Teltonika',
    family: 'FMC',
    model: 'FMC003',
    protocol: 'teltonika',
    connection: 'obd',
    engineBlock: false,
  },
  {
    id: 'gt06n',
    brand: 'Concox',
    family: 'GT06',
    model: 'GT06N',
    protocol: 'gt06',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'gt06e',
    brand: 'Concox',
    family: 'GT06',
    model: 'GT06E',
    protocol: 'gt06',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'gt800',
    brand: 'Concox',
    family: 'GT06',
    model: 'GT800',
    protocol: 'gt06',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'wetrack2',
    brand: 'Concox',
    family: 'GT06',
    model: 'WeTrack2',
    protocol: 'gt06',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'wetrack-lite',
    brand: 'Concox',
    family: 'GT06',
    model: 'WeTrack Lite',
    protocol: 'gt06',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'sinotrack-st901',
    brand: 'Sinotrack',
    family: 'ST-90x',
    model: 'ST-901',
    protocol: 'h02',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'coban-tk103b',
    brand: 'Coban',
    family: 'TK103',
    model: 'GPS103B / TK103B',
    protocol: 'gps103',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'meitrack-mvt380',
    brand: 'Meitrack',
    family: 'MVT',
    model: 'MVT380',
    protocol: 'meitrack',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'ruptela-fm-eco4',
    brand: 'Ruptela',
    family: 'FM-Eco',
    model: 'FM-Eco4',
    protocol: 'ruptela',
    connection: 'hardwired',
    engineBlock: false,
  },
  {
    id: 'queclink-gv300',
    brand: 'Queclink',
    family: 'GV',
    model: 'GV300',
    protocol: 'gl200',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'queclink-gv55',
    brand: 'Queclink',
    family: 'GV',
    model: 'GV55',
    protocol: 'gl200',
    connection: 'hardwired',
    engineBlock: true,
  },
  {
    id: 'traccar-client-android',
    brand: 'Traccar',
    family: 'Traccar Client',
    model: 'Traccar Client (Android)',
    protocol: 'osmand',
    connection: 'app',
    engineBlock: false,
  },
  {
    id: 'traccar-client-ios',
    brand: 'Traccar',
    family: 'Traccar Client',
    model: 'Traccar Client (iOS)',
    protocol: 'osmand',
    connection: 'app',
    engineBlock: false,
  },
]

export function protocolPorts(): Record<TrackerProtocol, number> {
  return { ...trackingConfig.ports }
}

export type ProtocolFamily = { protocol: TrackerProtocol; transport: 'TCP' | 'HTTP'; port: number }

/** The registered protocol families with the port each listens on. */
export function protocolFamilies(): ProtocolFamily[] {
  const ports = protocolPorts()
  return trackerProtocolDefinitions.map((definition) => ({
    protocol: definition.name,
    transport: definition.transport === 'http' ? 'HTTP' : 'TCP',
    port: ports[definition.name],
  }))
}

/** The address trackers are configured with: TRACKER_PUBLIC_HOST, else APP_URL's host name. */
export function trackerPublicHost(): string {
  return siteConfig.trackerPublicHost || new URL(appUrl()).hostname
}

export type DeviceProfile = {
  device: SupportedDevice
  host: string
  port: number
  transport: 'TCP' | 'HTTP'
  protocolName: string
  /** What to send or type to point the device at the server. */
  setup: { kind: 'sms' | 'app'; lines: string[] }
}

/**
 * The wire settings of one tracker model: where it connects and the configuration SMS
 * (Teltonika `setparam`, Concox `SERVER`, ...) or the app's server URL (Traccar Client),
 * as the protocol's definition writes them.
 */
export function deviceProfile(id: string, apn = 'internet'): DeviceProfile | null {
  const device = supportedDevices.find((candidate) => candidate.id === id)
  if (!device) return null
  return { device, ...protocolSetup(device.protocol, apn) }
}

export type ProtocolSetupSheet = Omit<DeviceProfile, 'device'> & { protocol: TrackerProtocol }

/**
 * How to point a tracker of one protocol family at this server: the public host, the
 * family's port, and the configuration SMS (or the app's server URL) its definition writes.
 */
export function protocolSetup(protocol: TrackerProtocol, apn = 'internet'): ProtocolSetupSheet {
  const host = trackerPublicHost()
  const port = protocolPorts()[protocol]
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host)
  const cleanApn = apn.replace(/[^\w.-]/g, '').slice(0, 64) || 'internet'
  const { transport, setup } = trackerProtocolDefinition(protocol)
  return {
    protocol,
    host,
    port,
    transport: transport === 'http' ? 'HTTP' : 'TCP',
    protocolName: setup.label,
    setup: { kind: setup.kind, lines: setup.lines({ host, port, isIp, apn: cleanApn }) },
  }
}
