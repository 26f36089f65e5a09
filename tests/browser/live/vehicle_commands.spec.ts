import { test } from '@japa/runner'
import { registerDevice } from '#actions/tracking/register_device'
import type { TrackingService } from '#tracking/tracking_service'
import {
  TeltonikaServerReader,
  encodeCodec12Response,
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, startListener } from '#tests/helpers/tracking'

/** Reads what the listener sends the tracker until a Codec 12 command arrives. */
async function nextCommand(tracker: TrackerClient, reader: TeltonikaServerReader) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const chunk = await tracker.read(1, 500)
    if (!chunk) continue
    for (const message of reader.push(chunk)) {
      if (message.kind === 'command') return message.text
    }
  }
  return null
}

test.group('Vehicle commands', (group) => {
  let listener: TrackingService
  group.setup(async () => {
    // Real Transmit broadcasts: this process's HTTP server streams them to the page.
    ;({ service: listener } = await startListener({ broadcast: true }))
    return () => listener.stop()
  })

  test('a manager blocks the engine after confirming, and follows the command to the reply', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const imei = `35630705${String(Date.now()).slice(-7)}`
    const { id } = await registerDevice({
      company: company.name,
      imei,
      name: '34 CMD 01',
      protocol: 'teltonika',
    })
    const tracker = await TrackerClient.connect(listener.boundPorts.teltonika)
    const reader = new TeltonikaServerReader()
    try {
      tracker.send(encodeTeltonikaLogin(imei))
      assert.equal((await tracker.read(1))?.toString('hex'), '01')
      tracker.send(
        encodeTeltonikaRecords([
          {
            time: new Date(Date.now() - 5000),
            latitude: 41.05,
            longitude: 29.01,
            speed: 0,
            course: 0,
            altitude: 20,
            satellites: 9,
            ignition: false,
            moving: false,
            odometer: 5000,
            tripOdometer: 0,
            power: 12.6,
            battery: 4,
            gsmLevel: 3,
            relay: false,
            cell: { mcc: 286, mnc: 1, lac: 1, cellId: 1 },
          },
        ])
      )
      assert.equal((await tracker.read(4))?.readUInt32BE(0), 1)

      await browserContext.loginAs(user)
      // A cold dev server compiles the page on the first visit.
      browserContext.setDefaultNavigationTimeout(90_000)
      const page = await visit(`/backend/assets/${id}`)
      await page.waitForSelector('[data-testid="live-connection"][data-connection="connected"]')

      await page.click('[data-testid="engine-block"]')
      await page.waitForSelector('[data-testid="command-dialog"]')
      assert.isTrue(await page.isChecked('[data-testid="command-kind-engine_block"]'))
      await page.click('[data-testid="command-submit"]')
      await page.waitForSelector('[data-testid="engine-block-confirm"]')
      await page.assertTextContains('[data-testid="engine-block-confirm"]', '34 CMD 01')
      await page.click('[data-testid="engine-block-confirm-button"]')

      assert.equal(await nextCommand(tracker, reader), 'setdigout 1')
      await page.waitForSelector('[data-testid="command-item"][data-status="sent"]')

      tracker.send(encodeCodec12Response('DOUT1:1 DOUT2:0'))
      await page.waitForSelector('[data-testid="command-item"][data-status="answered"]')
      await page.assertTextContains('[data-testid="command-item"]', 'DOUT1:1 DOUT2:0')
    } finally {
      tracker.end()
    }
  }).timeout(150_000)

  test('a user sees the command actions disabled', async ({ visit, browserContext, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const { id } = await registerDevice({
      company: company.name,
      imei: `35630706${String(Date.now()).slice(-7)}`,
      name: '34 CMD 02',
      protocol: 'teltonika',
    })
    await browserContext.loginAs(user)
    const page = await visit(`/tr/panel/araclar/${id}`)
    await page.waitForSelector('[data-testid="vehicle-title"]')
    assert.isFalse(await page.isVisible('[data-testid="engine-block"]'))
    await page.assertTextContains('main', 'Rolünüz komut göndermeye izin vermiyor.')
  }).timeout(60_000)
})
