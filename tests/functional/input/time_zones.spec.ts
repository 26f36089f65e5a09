import { test } from '@japa/runner'
import { createMember, inputErrors } from '#tests/helpers/accounts'

const settings = (timezone: string) => ({
  timezone,
  locale: 'en',
  date_format: 'dd.MM.yyyy',
  default_map_layer: 'osm',
  default_home_page: 'backend',
})

test.group('Time zones', () => {
  for (const [path, message] of [
    ['/backend/account/settings', 'Please choose a valid time zone.'],
    ['/tr/panel/hesap/ayarlar', 'Lütfen geçerli bir saat dilimi seçin.'],
  ] as const) {
    test(`only IANA time zones are stored (${path})`, async ({ client, assert }) => {
      const { user } = await createMember()
      for (const zone of ['Mars/Olympus', 'UTC+3', 'utc', 'Etc/GMT+99', 'Europe/istanbul', '']) {
        const response = await client
          .put(`${path}/preferences`)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json(settings(zone))
          .redirects(0)
        response.assertStatus(302)
        assert.lengthOf(inputErrors(response).timezone ?? [], 1, zone)
        if (zone) assert.equal(inputErrors(response).timezone[0], message)
      }
      await user.refresh()
      assert.equal(user.timezone, 'Europe/Istanbul')

      for (const zone of ['UTC', 'Europe/Tallinn', 'America/Argentina/Buenos_Aires']) {
        const response = await client
          .put(`${path}/preferences`)
          .withCsrfToken()
          .loginAs(user)
          .header('referer', path)
          .json(settings(zone))
          .redirects(0)
        assert.isUndefined(inputErrors(response).timezone, zone)
        await user.refresh()
        assert.equal(user.timezone, zone)
      }
    })
  }
})
