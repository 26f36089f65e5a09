import type { Data } from '~generated/data'

/** The live map's fleet route's answer (LiveMapController.fleet): vehicles as tuples. */
export type FleetResponse = Data.Live.MapVehicle

let early: { url: string; response: Promise<FleetResponse> } | null = null

function request(url: string): Promise<FleetResponse> {
  // The credentials mode of the layout's preload link (`use-credentials`): the browser then
  // hands this fetch the preloaded response instead of asking again.
  return fetch(url, { credentials: 'include' }).then((response) => {
    if (!response.ok) throw new Error(`The fleet could not be loaded (${response.status})`)
    return response.json() as Promise<FleetResponse>
  })
}

/**
 * Starts the fleet's request when this module loads, before React hydrates the page, if the
 * layout preloads it (a full page load of the live map).
 */
export function startEarlyFleetRequest() {
  if (typeof document === 'undefined' || early) return
  const link = document.querySelector<HTMLLinkElement>('link[data-live-fleet]')
  if (!link) return
  early = { url: link.getAttribute('href')!, response: request(link.getAttribute('href')!) }
  // Its failure is reported to whoever takes it.
  early.response.catch(() => {})
}

/**
 * The fleet at `url`: the early request the first time, if it was for this URL; a new request
 * after that (a visit to the map through Inertia, a reload after reconnecting).
 */
export function fetchFleet(url: string): Promise<FleetResponse> {
  const started = early
  early = null
  if (started && started.url === url) return started.response
  return request(url)
}
