import { BaseSeeder } from '@adonisjs/lucid/seeders'
import User from '#models/user'
import { provisionUser } from '#actions/accounts/provision_user'
import { seedDemoFleetRecords } from '#actions/fleet/seed_demo_fleet_records'

/** The demo account of README.md, created only on an empty database. */
export const DEMO_ACCOUNT = {
  email: 'demo@fleettrack.local',
  password: 'demo-fleet-2026',
  name: 'Demo Operator',
  company: 'Demo Logistics',
  role: 'owner',
}

export default class MainSeeder extends BaseSeeder {
  async run() {
    if (await User.query().first()) return
    await provisionUser(DEMO_ACCOUNT)
    await seedDemoFleetRecords(DEMO_ACCOUNT.company)
  }
}
