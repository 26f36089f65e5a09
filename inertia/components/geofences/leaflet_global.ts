import L from 'leaflet'

// Geoman (a classic Leaflet plugin) extends the global `L`; the ES module of Leaflet sets
// none, so it is set here, before the plugin is evaluated (imported after this module).
;(window as unknown as { L: typeof L }).L = L
