import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { protocolSetup } from '#services/site/device_catalogue'

/** What the page renders of a text (the SSR HTML escapes quotes and ampersands). */
function html(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;')
}

test.group('Vehicle detail: connecting the tracker', () => {
  test('each family shows the server, its port and its configuration commands', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    for (const [protocol, command] of [
      ['gl200', 'AT+GTSRI=gv300,3,,1,'],
      ['h02', '8040000 '],
      ['gps103', 'adminip123456 '],
      ['meitrack', '0000,A21,1,'],
      ['teltonika', 'setparam 2001:internet;2004:'],
      ['ruptela', 'setconnection internet,,,'],
    ] as const) {
      const vehicle = await createVehicle(company, { protocol })
      const expected = protocolSetup(protocol)
      const page = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user)
      page.assertStatus(200)
      const text = page.text()
      assert.include(text, 'Connect the tracker', protocol)
      assert.include(text, html(command), protocol)
      for (const line of expected.setup.lines) assert.include(text, html(line), protocol)
      assert.include(text, `>${expected.port}<`, `${protocol}: its port`)
      assert.include(text, expected.host, `${protocol}: the server`)
    }
  })

  test('the instructions are in Turkish on the Turkish page', async ({ client, assert }) => {
    const { user, company } = await createMember()
    const vehicle = await createVehicle(company, { protocol: 'gl200' })
    const page = await client.get(`/tr/panel/araclar/${vehicle.id}`).loginAs(user)
    page.assertStatus(200)
    assert.include(page.text(), 'Cihazı sunucuya bağlama')
    assert.include(page.text(), html('Bu komutları cihaza SMS ile (SIM kartına) tek tek gönderin:'))
    assert.include(page.text(), 'AT+GTBSI=gv300,internet,,,,,,,0001$')
  })

  test("another company's vehicle shows nothing of it (404)", async ({ client }) => {
    const { company } = await createMember()
    const { user: stranger } = await createMember()
    const vehicle = await createVehicle(company, { protocol: 'gl200' })
    const page = await client.get(`/backend/assets/${vehicle.id}`).loginAs(stranger)
    page.assertStatus(404)
  })
})
