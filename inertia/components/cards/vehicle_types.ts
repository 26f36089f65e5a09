/** Props of the vehicle detail page (see app/transformers/live/vehicle_detail_transformer.ts). */
import type { HistoryAlarm, HistoryStop, HistoryTrip, LiveStatus } from '~/components/map/types'

export type VehicleGeneral = {
  id: number
  name: string
  plate: string | null
  type: string | null
  subtype: string | null
  brand: string | null
  model: string | null
  year: number | null
  category: string | null
  fuelType: string | null
  engineCapacity: number | null
  tankCapacity: number | null
  group: string | null
  region: string | null
  department: string | null
  ownership: string
  status: string
  inspectionDate: string | null
  exhaustDate: string | null
  installationDate: string | null
  speedLimit: number | null
  notes: string | null
}

/** The personal fields are absent for members without the HR right. */
export type VehicleDriver = {
  id: number
  name: string
  phone?: string | null
  licenceNumber?: string | null
  cardId: string | null
  bloodType?: string | null
  status: string
  emergencyContactName?: string | null
  emergencyContactPhone?: string | null
}

export type VehicleTechnical = {
  imei: string
  protocol: string
  protocolVersion: string | null
  firmwareVersion: string | null
  simNumber: string | null
  ipAddress: string | null
  gsmSignal: number | null
  satellites: number | null
  power: number | null
  battery: number | null
  batteryLevel: number | null
  odometer: number | null
  online: boolean
  lastSeen: string | null
  engineBlocked: boolean | null
}

export type VehicleLive = {
  lat: number | null
  lon: number | null
  speed: number
  course: number
  altitude: number | null
  status: LiveStatus
  ignition: boolean | null
  fixTime: string | null
  lastSeen: string | null
  odometer: number | null
}

export type VehicleSubscription = {
  endDate: string
  installationDate: string | null
  daysRemaining: number
}

export type VehicleFuel = {
  fuelType: string | null
  tankCapacity: number | null
  averageConsumption: number | null
  idleConsumption: number | null
  level: number | null
  levelPercent: number | null
  usedTotal: number | null
  monthDistance: number
  monthDrivingSeconds: number
  monthIdleSeconds: number
  monthEstimate: number | null
}

export type VehicleSensors = {
  temperatures: { sensor: string; value: number }[]
  power: number | null
  battery: number | null
  batteryLevel: number | null
  rssi: number | null
  fuel: number | null
  fuelLevel: number | null
  driverCard: string | null
  updatedAt: string | null
}

export type VehicleIo = {
  inputs: { number: number; active: boolean }[]
  outputs: { number: number; active: boolean }[]
  analog: { name: string; value: number }[]
}

export type CommandKind = 'engine_block' | 'engine_unblock' | 'custom'
export type CommandStatus = 'queued' | 'sent' | 'answered' | 'failed'

export type VehicleCommand = {
  id: number
  kind: CommandKind
  payload: string
  status: CommandStatus
  response: string | null
  createdAt: string
  sentAt: string | null
  answeredAt: string | null
}

export type VehicleTrip = HistoryTrip
export type VehicleStop = HistoryStop
export type VehicleAlarm = HistoryAlarm

export type MonthlyAlarms = {
  month: string
  codes: { code: string; count: number; last: string }[]
}
