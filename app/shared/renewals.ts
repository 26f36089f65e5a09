/** What a renewal is about (server and pages share it). */
export const renewalKinds = [
  'insurance',
  'inspection',
  'exhaust',
  'rental',
  'driver_licence',
  'document',
] as const
export type RenewalKind = (typeof renewalKinds)[number]

/** Which renewals a list shows: those past due, or those due within the window. */
export const renewalStatuses = ['overdue', 'upcoming'] as const
export type RenewalStatus = (typeof renewalStatuses)[number]

/** One renewal on the renewals page and the dashboard card (issue 30, point 2). */
export type RenewalRow = {
  kind: RenewalKind
  recordId: number
  deviceId: number | null
  subject: string
  /** YYYY-MM-DD */
  dueDate: string
  /** Days from today; negative: overdue. */
  daysLeft: number
  /** The reminder has gone out. */
  reminded: boolean
}
