import type { DeviceFix } from '#tracking/simulator/device_fix'

/** A plausible Teltonika record at `time`, for tests that build packets by hand. */
export function deviceFix(time: Date, latitude = 41.0151, longitude = 28.9795): DeviceFix {
  return {
    time,
    latitude,
    longitude,
    speed: 42,
    course: 45,
    altitude: 30,
    satellites: 10,
    ignition: true,
    moving: true,
    odometer: 1_000_000,
    tripOdometer: 0,
    power: 13.8,
    battery: 4.1,
    gsmLevel: 4,
    relay: false,
    cell: { mcc: 286, mnc: 1, lac: 1, cellId: 1 },
  }
}
