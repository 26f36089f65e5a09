/** A positive number from the environment (BENCH_*), at most `max`; `fallback` when unset. */
export function setting(name: string, fallback: number, max: number): number {
  const text = process.env[name]
  const value = text === undefined ? fallback : Number(text)
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new Error(`${name} must be a number above 0 and at most ${max}`)
  }
  return value
}
