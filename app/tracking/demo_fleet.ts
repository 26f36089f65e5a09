/** The tracking layer's public entry for registering the demo company's simulated fleet. */
export { registerFleet } from './simulator/register_fleet.js'
export { demoOdometerKm, demoVehicles } from './simulator/demo_fleet.js'
