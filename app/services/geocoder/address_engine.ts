/**
 * A street-address engine: a self-hosted Nominatim or Photon at GEOCODER_URL. Requests go one
 * at a time, at most `ratePerSecond` (Nominatim's usage policy asks for one a second), each
 * with a timeout. `null`: the engine has no address there; `undefined`: it failed (an error,
 * a timeout), so the point is asked again later.
 */
export type AddressEngineKind = 'nominatim' | 'photon'

export interface AddressEngineOptions {
  url: string
  kind: AddressEngineKind
  ratePerSecond: number
  timeoutMs?: number
  fetch?: typeof fetch
}

type AddressParts = Record<string, string | undefined>

/** "Bağdat Caddesi 12, Caferağa, Kadıköy": street and number, quarter, town. */
function shortAddress(parts: AddressParts, fallback?: string): string | null {
  const street = [parts.road ?? parts.street ?? parts.name, parts.house_number ?? parts.housenumber]
    .filter(Boolean)
    .join(' ')
  const quarter = parts.suburb ?? parts.neighbourhood ?? parts.quarter ?? parts.district
  const town = parts.city ?? parts.town ?? parts.village ?? parts.municipality ?? parts.county
  const text = [...new Set([street, quarter, town].filter((part) => part && part.length > 0))]
  if (text.length > 0) return text.join(', ')
  return fallback && fallback.length > 0 ? fallback : null
}

export class AddressEngine {
  private queue: Promise<unknown> = Promise.resolve()
  private lastRequestAt = 0

  constructor(private readonly options: AddressEngineOptions) {}

  get minimumIntervalMs() {
    return 1000 / Math.max(0.01, this.options.ratePerSecond)
  }

  /** The address at a point in a language (en, tr); null when the engine has none, undefined when it failed. */
  reverse(latitude: number, longitude: number, locale: string): Promise<string | null | undefined> {
    const next = this.queue.then(() => this.paced(latitude, longitude, locale))
    this.queue = next.catch(() => {})
    return next
  }

  private async paced(latitude: number, longitude: number, locale: string) {
    const wait = this.lastRequestAt + this.minimumIntervalMs - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    try {
      return await this.request(latitude, longitude, locale)
    } catch {
      return undefined
    } finally {
      // Counted from the end of the last answer: the engine never sees two requests closer.
      this.lastRequestAt = Date.now()
    }
  }

  private async request(latitude: number, longitude: number, locale: string) {
    const { url, kind } = this.options
    const base = url.replace(/\/+$/, '')
    const query = new URLSearchParams({ lat: String(latitude), lon: String(longitude) })
    if (kind === 'nominatim') {
      query.set('format', 'jsonv2')
      query.set('addressdetails', '1')
      query.set('accept-language', locale)
    } else if (locale === 'en') {
      // Photon's languages are default, en, de, fr and it; "default" is the local name.
      query.set('lang', locale)
    }
    const response = await (this.options.fetch ?? fetch)(`${base}/reverse?${query}`, {
      headers: { 'accept': 'application/json', 'user-agent': 'FleetTrack reverse geocoder' },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    })
    if (!response.ok) return undefined
    const body = (await response.json()) as any
    if (kind === 'nominatim') {
      if (!body || body.error) return null
      return shortAddress(body.address ?? {}, body.display_name)
    }
    const properties = body?.features?.[0]?.properties
    return properties ? shortAddress(properties) : null
  }
}
