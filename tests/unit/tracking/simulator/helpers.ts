import type { DeviceFix } from '#tracking/simulator/device_fix'

/** A plausible fix on Büyükdere Caddesi; override what a test is about. */
export function sampleFix(overrides: Partial<DeviceFix> = {}): DeviceFix {
  return {
    time: new Date('2026-03-14T09:26:53.000Z'),
    latitude: 41.0779,
    longitude: 29.0107,
    speed: 47,
    course: 343,
    altitude: 96,
    satellites: 11,
    ignition: true,
    moving: true,
    odometer: 123_456_789,
    tripOdometer: 4321,
    power: 14.12,
    battery: 4.15,
    gsmLevel: 4,
    relay: false,
    cell: { mcc: 286, mnc: 1, lac: 1003, cellId: 20_123 },
    ...overrides,
  }
}
