/** The rows the Commands page receives (settings/commands). */
export type CommandTemplate = { id: number; protocol: string; name: string; text: string }
export type CommandVehicle = {
  id: number
  name: string
  plate: string | null
  protocol: string
  groupId: number | null
}
export type CommandGroup = { id: number; name: string }
export type CommandLogLine = {
  id: number
  deviceId: number
  vehicle: string
  plate: string | null
  kind: string
  payload: string
  status: string
  response: string | null
  createdAt: string
  sentAt: string | null
  answeredAt: string | null
  sentBy: string | null
}
