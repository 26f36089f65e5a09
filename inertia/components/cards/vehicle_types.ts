/**
 * The vehicle page's cards (app/transformers/live/vehicle_detail_transformer.ts): the cards of
 * the vehicle and its latest state are generated from the transformer (`Data.Live.VehicleDetail`
 * and its variants); the lists below (commands, trips, parkings, alarms) are still declared here.
 */
import type { Data } from '~generated/data'
import type { HistoryAlarm, HistoryStop, HistoryTrip } from '~/components/map/types'

type Cards = Data.Live.VehicleDetail.Variants

export type VehicleGeneral = Data.Live.VehicleDetail
/** The personal fields are absent for members without the HR right. */
export type VehicleDriver = Cards['forDriver']
export type VehicleTechnical = Cards['forTechnical']
export type VehicleLive = Cards['forLive']
export type VehicleSubscription = Cards['forSubscription']
export type VehicleFuel = Cards['forFuel']
export type VehicleSensors = Cards['forSensors']
export type VehicleIo = Cards['forInputsOutputs']

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
