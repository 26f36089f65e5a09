import L from 'leaflet'
import Supercluster, { type PointFeature } from 'supercluster'
import type { LiveFleetStore } from '~/components/map/live_fleet_store'
import type { MapVehicle } from '~/components/map/types'
import {
  VEHICLE_MARKER_SIZE,
  clusterMarker,
  vehicleAppearanceKey,
  vehicleMarkerHtml,
  type ClusterCounts,
} from '~/components/map/vehicle_marker'

/** A vehicle's point carries its own status counts (one 1): supercluster adds them up. */
type PointProps = ClusterCounts & { id: number; status: MapVehicle['status'] }
type Index = Supercluster<PointProps, ClusterCounts>

interface DrawnMarker {
  marker: L.Marker
  appearance: string
  lat: number
  lon: number
}

/** Clusters are recomputed at most this often while live messages stream in. */
const REINDEX_INTERVAL_MS = 400
/** Plate labels under the markers from this zoom on. */
const LABELS_FROM_ZOOM = 14

export interface FleetMarkersOptions {
  /** Which vehicles show at first (setFilter changes it). */
  filter?: (vehicle: MapVehicle) => boolean
  /** The map was created around the fleet already (`fleetBounds`): no fit on the first draw. */
  fitted?: boolean
  onSelect: (id: number | null) => void
  /** Called once, after the first frame that shows the fleet. */
  onFirstRender?: () => void
}

/** The bounds the map first fits (the vehicles the filter shows), or null without any. */
export function fleetBounds(
  store: LiveFleetStore,
  filter: (vehicle: MapVehicle) => boolean
): L.LatLngBounds | null {
  let bounds: L.LatLngBounds | null = null
  for (const vehicle of store.list()) {
    if (vehicle.lat === null || vehicle.lon === null || !filter(vehicle)) continue
    if (bounds) bounds.extend([vehicle.lat, vehicle.lon])
    else bounds = L.latLngBounds([vehicle.lat, vehicle.lon], [vehicle.lat, vehicle.lon])
  }
  return bounds
}

/** How the map fits the fleet: at creation (`fleetBounds`) and on the first draw otherwise. */
export const FIT_OPTIONS: L.FitBoundsOptions = { padding: [48, 48], maxZoom: 15, animate: false }

/**
 * Draws the fleet on a Leaflet map: supercluster groups the vehicles, and only the clusters
 * and markers inside the view exist in the DOM. Markers are created once and then moved and
 * restyled in place; everything happens in one requestAnimationFrame tick however many
 * messages arrived, so thousands of vehicles stay smooth.
 */
export class FleetMarkers {
  private readonly layer: L.LayerGroup
  private readonly markers = new Map<string, DrawnMarker>()
  private index: Index | null = null
  private indexedAt = 0
  private indexedPositions = -1
  private indexedAppearance = -1
  private indexedFilter = -1
  private filter: (vehicle: MapVehicle) => boolean = () => true
  private filterVersion = 0
  private selectedId: number | null = null
  private following = false
  private followedAt: [number, number] | null = null
  private frame: number | null = null
  private later: ReturnType<typeof setTimeout> | null = null
  private fitPending = true
  private firstRenderDone = false
  private readonly unsubscribe: () => void
  private readonly onViewChange = () => this.schedule()
  private readonly onZoom = () => this.toggleLabels()

  constructor(
    private readonly map: L.Map,
    private readonly store: LiveFleetStore,
    private readonly options: FleetMarkersOptions
  ) {
    this.layer = L.layerGroup().addTo(map)
    if (options.filter) this.filter = options.filter
    if (options.fitted) this.fitPending = false
    this.unsubscribe = store.subscribe(() => this.schedule())
    map.on('moveend', this.onViewChange)
    map.on('zoomend', this.onZoom)
    this.toggleLabels()
    this.schedule()
  }

  setFilter(filter: (vehicle: MapVehicle) => boolean) {
    // The same filter again (the view mounting) would only recompute the same clusters.
    if (filter === this.filter) return
    this.filter = filter
    this.filterVersion++
    this.schedule()
  }

  setSelection(selectedId: number | null, following: boolean) {
    const changed = selectedId !== this.selectedId || following !== this.following
    this.selectedId = selectedId
    this.following = following
    this.followedAt = null
    if (changed) this.schedule()
  }

  /** Zooms to a vehicle (a click in the list). */
  focus(id: number, zoom = 15) {
    const vehicle = this.store.get(id)
    if (!vehicle || vehicle.lat === null || vehicle.lon === null) return
    this.map.flyTo([vehicle.lat, vehicle.lon], Math.max(this.map.getZoom(), zoom), {
      duration: 0.6,
    })
  }

  destroy() {
    this.unsubscribe()
    if (this.frame !== null) cancelAnimationFrame(this.frame)
    if (this.later) clearTimeout(this.later)
    this.map.off('moveend', this.onViewChange)
    this.map.off('zoomend', this.onZoom)
    this.layer.remove()
    this.markers.clear()
  }

  private schedule() {
    if (this.frame !== null) return
    this.frame = requestAnimationFrame(() => {
      this.frame = null
      this.render(false)
    })
  }

  private toggleLabels() {
    this.map.getContainer().classList.toggle('ft-labels', this.map.getZoom() >= LABELS_FROM_ZOOM)
  }

  private reindex() {
    const started = performance.now()
    const features: PointFeature<PointProps>[] = []
    for (const vehicle of this.store.list()) {
      if (vehicle.lat === null || vehicle.lon === null || !this.filter(vehicle)) continue
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [vehicle.lon, vehicle.lat] },
        properties: {
          id: vehicle.id,
          status: vehicle.status,
          moving: vehicle.status === 'moving' ? 1 : 0,
          idle: vehicle.status === 'idle' ? 1 : 0,
          stopped: vehicle.status === 'stopped' ? 1 : 0,
          offline: vehicle.status === 'offline' ? 1 : 0,
        },
      })
    }
    // No `map` option: the counts are in the points already, so supercluster reads them as they
    // are instead of calling a function that makes an object per point and zoom level.
    const index: Index = new Supercluster<PointProps, ClusterCounts>({
      radius: 56,
      maxZoom: 15,
      reduce: (total, props) => {
        total.moving += props.moving
        total.idle += props.idle
        total.stopped += props.stopped
        total.offline += props.offline
      },
    })
    index.load(features)
    this.index = index
    this.indexedAt = performance.now()
    this.indexedPositions = this.store.positionsVersion
    this.indexedAppearance = this.store.appearanceVersion
    this.indexedFilter = this.filterVersion
    if (this.fitPending && features.length > 0) {
      this.fitPending = false
      const bounds = fleetBounds(this.store, this.filter)!
      performance.measure('fleet:cluster', { start: started })
      const fitting = performance.now()
      this.map.fitBounds(bounds, FIT_OPTIONS)
      performance.measure('fleet:fit', { start: fitting })
      return
    }
    performance.measure('fleet:cluster', { start: started })
  }

  private render(force: boolean) {
    const stale =
      this.indexedPositions !== this.store.positionsVersion ||
      this.indexedAppearance !== this.store.appearanceVersion ||
      this.indexedFilter !== this.filterVersion
    const elapsed = performance.now() - this.indexedAt
    if (!this.index || (stale && (force || this.indexedFilter !== this.filterVersion))) {
      this.reindex()
    } else if (stale && elapsed >= REINDEX_INTERVAL_MS) {
      this.reindex()
    } else if (stale && !this.later) {
      this.later = setTimeout(() => {
        this.later = null
        this.schedule()
      }, REINDEX_INTERVAL_MS - elapsed)
    }
    this.draw()
    this.follow()
    if (!this.firstRenderDone) {
      this.firstRenderDone = true
      this.options.onFirstRender?.()
    }
  }

  private draw() {
    const started = performance.now()
    const index = this.index!
    const zoom = Math.round(this.map.getZoom())
    const view = this.map.getBounds().pad(0.25)
    const bbox: [number, number, number, number] = [
      Math.max(-180, view.getWest()),
      Math.max(-85, view.getSouth()),
      Math.min(180, view.getEast()),
      Math.min(85, view.getNorth()),
    ]
    const seen = new Set<string>()
    for (const feature of index.getClusters(bbox, zoom)) {
      const properties = feature.properties
      if ('cluster' in properties && properties.cluster) {
        const [lon, lat] = feature.geometry.coordinates
        this.drawCluster(properties.cluster_id, properties.point_count, properties, lat, lon)
        seen.add(`c${properties.cluster_id}`)
      } else {
        const id = (properties as PointProps).id
        if (this.drawVehicle(id)) seen.add(`v${id}`)
      }
    }
    // The selected vehicle shows even when its cluster hides it.
    if (this.selectedId !== null && !seen.has(`v${this.selectedId}`)) {
      const selected = this.store.get(this.selectedId)
      if (selected && this.filter(selected) && this.drawVehicle(this.selectedId)) {
        seen.add(`v${this.selectedId}`)
      }
    }
    for (const [key, drawn] of this.markers) {
      if (seen.has(key)) continue
      this.layer.removeLayer(drawn.marker)
      this.markers.delete(key)
    }
    performance.measure('fleet:draw', { start: started })
  }

  private drawCluster(
    clusterId: number,
    count: number,
    counts: ClusterCounts,
    lat: number,
    lon: number
  ) {
    const key = `c${clusterId}`
    const appearance = `${count}|${counts.moving}|${counts.idle}|${counts.stopped}|${counts.offline}`
    const drawn = this.markers.get(key)
    if (drawn) {
      if (drawn.lat !== lat || drawn.lon !== lon) drawn.marker.setLatLng([lat, lon])
      if (drawn.appearance !== appearance) drawn.marker.setIcon(this.clusterIcon(count, counts))
      Object.assign(drawn, { lat, lon, appearance })
      return
    }
    const marker = L.marker([lat, lon], {
      icon: this.clusterIcon(count, counts),
      keyboard: true,
      title: String(count),
    })
    marker.on('click', () => {
      let zoom = this.map.getZoom() + 2
      try {
        zoom = this.index!.getClusterExpansionZoom(clusterId)
      } catch {
        // Clusters were recomputed since this one was drawn: zoom in a little.
      }
      this.map.flyTo(marker.getLatLng(), Math.min(zoom, 18), { duration: 0.5 })
    })
    this.layer.addLayer(marker)
    this.markers.set(key, { marker, appearance, lat, lon })
  }

  private clusterIcon(count: number, counts: ClusterCounts) {
    const { html, size } = clusterMarker(count, counts)
    return L.divIcon({
      className: 'ft-cluster',
      html,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    })
  }

  /** Draws or updates one vehicle's marker at its latest position; false when it has none. */
  private drawVehicle(id: number): boolean {
    const vehicle = this.store.get(id)
    if (!vehicle || vehicle.lat === null || vehicle.lon === null) return false
    const key = `v${id}`
    const selected = id === this.selectedId
    const appearance = vehicleAppearanceKey(vehicle, selected)
    const drawn = this.markers.get(key)
    if (drawn) {
      const element = drawn.marker.getElement()
      if (drawn.lat !== vehicle.lat || drawn.lon !== vehicle.lon) {
        drawn.marker.setLatLng([vehicle.lat, vehicle.lon])
        drawn.lat = vehicle.lat
        drawn.lon = vehicle.lon
        if (element) this.describe(element, vehicle)
      }
      if (drawn.appearance !== appearance) {
        drawn.appearance = appearance
        if (element) {
          element.innerHTML = vehicleMarkerHtml(vehicle, selected)
          this.describe(element, vehicle)
        }
        drawn.marker.setZIndexOffset(selected ? 1000 : 0)
      }
      return true
    }
    const marker = L.marker([vehicle.lat, vehicle.lon], {
      icon: L.divIcon({
        className: 'ft-vehicle relative',
        html: vehicleMarkerHtml(vehicle, selected),
        iconSize: [VEHICLE_MARKER_SIZE, VEHICLE_MARKER_SIZE],
        iconAnchor: [VEHICLE_MARKER_SIZE / 2, VEHICLE_MARKER_SIZE / 2],
      }),
      keyboard: true,
      title: vehicle.plate ?? vehicle.name,
      riseOnHover: true,
      zIndexOffset: selected ? 1000 : 0,
    })
    marker.on('click', () => this.options.onSelect(id))
    this.layer.addLayer(marker)
    const element = marker.getElement()
    if (element) {
      element.dataset.deviceId = String(id)
      this.describe(element, vehicle)
    }
    this.markers.set(key, { marker, appearance, lat: vehicle.lat, lon: vehicle.lon })
    return true
  }

  /** Attributes tests and assistive technology read: position, status, name. */
  private describe(element: HTMLElement, vehicle: MapVehicle) {
    element.dataset.lat = String(vehicle.lat)
    element.dataset.lon = String(vehicle.lon)
    element.dataset.status = vehicle.status
    element.setAttribute('aria-label', `${vehicle.plate ?? vehicle.name}`)
  }

  private follow() {
    if (!this.following || this.selectedId === null) return
    const vehicle = this.store.get(this.selectedId)
    if (!vehicle || vehicle.lat === null || vehicle.lon === null) return
    const last = this.followedAt
    if (last && last[0] === vehicle.lat && last[1] === vehicle.lon) return
    this.followedAt = [vehicle.lat, vehicle.lon]
    this.map.panTo([vehicle.lat, vehicle.lon], { animate: true, duration: 0.5 })
  }
}
