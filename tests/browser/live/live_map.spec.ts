import { test } from '@japa/runner'
import { registerDevice } from '#actions/tracking/register_device'
import type { TrackingService } from '#tracking/tracking_service'
import type { DeviceFix } from '#tracking/simulator/device_fix'
import {
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, deviceFix, startListener } from '#tests/helpers/tracking'

/** One Teltonika record at a place, `secondsAgo` seconds ago, moving north-east. */
function fixAt(latitude: number, longitude: number, secondsAgo: number): DeviceFix {
  return deviceFix(new Date(Date.now() - secondsAgo * 1000), latitude, longitude)
}

test.group('Live map', (group) => {
  let listener: TrackingService
  group.setup(async () => {
    // Real Transmit broadcasts: this process's HTTP server streams them to the page.
    ;({ service: listener } = await startListener({ broadcast: true }))
    return () => listener.stop()
  })

  test('a vehicle appears and moves on the map as its tracker reports, without a reload', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    const imei = `35630704${String(Date.now()).slice(-7)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: '34 LIVE 01',
      protocol: 'teltonika',
    })

    await browserContext.loginAs(user)
    const page = await visit('/backend/live')
    await page.waitForSelector('[data-testid="live-connection"][data-connection="connected"]')
    await page.assertTextContains('[data-testid="vehicle-list"]', '34 LIVE 01')
    // Marked for later: a full reload would lose it.
    await page.evaluate(() => ((window as any).__noReload = true))

    const tracker = await TrackerClient.connect(listener.boundPorts.teltonika)
    try {
      tracker.send(encodeTeltonikaLogin(imei))
      assert.equal((await tracker.read(1))?.toString('hex'), '01')

      tracker.send(encodeTeltonikaRecords([fixAt(41.0151, 28.9795, 30)]))
      assert.equal((await tracker.read(4))?.readUInt32BE(0), 1)
      const marker = `.leaflet-marker-icon[data-device-id="${id}"]`
      await page.waitForSelector(`${marker}[data-lat="41.0151"][data-lon="28.9795"]`)
      assert.equal(await page.getAttribute(marker, 'data-status'), 'moving')

      // About 300 m on: still inside the view the map zoomed to for the first fix.
      tracker.send(encodeTeltonikaRecords([fixAt(41.0172, 28.9823, 5)]))
      assert.equal((await tracker.read(4))?.readUInt32BE(0), 1)
      await page.waitForSelector(`${marker}[data-lat="41.0172"][data-lon="28.9823"]`)
    } finally {
      tracker.end()
    }

    assert.isTrue(await page.evaluate(() => (window as any).__noReload === true))
    assert.equal(new URL(page.url()).pathname, '/backend/live')
    await page.assertTextContains('[data-testid="status-filter-moving"]', '1')
  }).timeout(60_000)

  test('search narrows the list and a click opens the vehicle popup', async ({
    visit,
    browserContext,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const db = (await import('@adonisjs/lucid/services/db')).default
    for (const [index, plate] of ['06 ABC 10', '34 XYZ 20'].entries()) {
      const [device] = await db
        .table('devices')
        .insert({
          company_id: company.id,
          name: plate,
          plate,
          imei: `88${String(Date.now()).slice(-9)}${index}000`,
          protocol: 'teltonika',
          status: 'active',
          ownership: 'own',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
      await db.table('device_states').insert({
        device_id: device.id,
        company_id: company.id,
        latitude: 39.9 + index,
        longitude: 32.8 + index,
        live_status: 'stopped',
        online: true,
        fix_time: new Date(),
        last_seen_at: new Date(),
        valid: true,
      })
    }

    await browserContext.loginAs(user)
    const page = await visit('/tr/panel/canli-takip')
    // Typed before hydration, the search would be lost.
    await page.waitForSelector('[data-testid="live-connection"][data-connection="connected"]')
    await page.fill('[data-testid="vehicle-search"]', 'xyz')
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="vehicle-row"]').length === 1
    )
    await page.assertTextContains('[data-testid="vehicle-list"]', '34 XYZ 20')
    await page.click('[data-testid="vehicle-row"]')
    await page.waitForSelector('[data-testid="vehicle-popup"]')
    await page.assertTextContains('[data-testid="vehicle-popup"]', 'Park halinde')
    await page.assertTextContains('[data-testid="vehicle-popup"]', '40.900000, 33.800000')
  }).timeout(60_000)
})
